// Where a new panel of ours opens (docs/architecture.md, "Where panels open"). `ViewColumn.Beside`
// alone splits a third editor group whenever the CSV sits in the second one — the earlier panel's
// group — and squeezes both panels to a strip. So a new panel goes to the group of a panel of ours
// that is not the CSV's own group; else, with two or more groups, to the CSV's neighbour; only a
// lone editor group is split.
import * as vscode from 'vscode';

/** A tab holding one of this extension's panels (tree, forest, profile: view types `decisionTree.*`). */
function isOurPanel(tab: vscode.Tab): boolean {
  // VS Code reports a webview tab's view type with an internal prefix ("mainThreadWebview-…").
  return tab.input instanceof vscode.TabInputWebview && tab.input.viewType.includes('decisionTree.');
}

function holds(group: vscode.TabGroup, file: vscode.Uri): boolean {
  return group.tabs.some((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === file.toString());
}

/** The editor group a new panel for `file` opens in. */
export function panelColumn(file: vscode.Uri): vscode.ViewColumn {
  const groups = vscode.window.tabGroups.all;
  const fileGroup = groups.find((g) => g.isActive && holds(g, file)) ?? groups.find((g) => holds(g, file)) ?? vscode.window.tabGroups.activeTabGroup;
  const others = groups.filter((g) => g !== fileGroup);
  const withOurs = others.find((g) => g.tabs.some(isOurPanel));
  if (withOurs) return withOurs.viewColumn;
  if (others.length === 0) return vscode.ViewColumn.Beside;
  // The group right of the file's, else the one left of it.
  return (others.find((g) => g.viewColumn === fileGroup.viewColumn + 1) ?? others.find((g) => g.viewColumn === fileGroup.viewColumn - 1) ?? others[0]).viewColumn;
}
