// Where a new panel opens (docs/architecture.md "Where panels open"): never a third editor group
// squeezing the earlier panel to a strip.
import { FakeTabInputText, FakeTabInputWebview, FakeUri, tabGroups } from '../helpers/fake-vscode'; // first: makes `vscode` resolvable
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { panelColumn } from '../../../src/panel/panel-column';

const BESIDE = -2;
const file = (path: string) => FakeUri.file(path) as unknown as vscode.Uri;
const text = (path: string) => ({ input: new FakeTabInputText(FakeUri.file(path)) });
const ourPanel = { input: new FakeTabInputWebview('mainThreadWebview-decisionTree.treePanel') };
const otherWebview = { input: new FakeTabInputWebview('mainThreadWebview-markdown.preview') };

test('one editor group: the panel opens beside the CSV', () => {
  tabGroups.all = [{ viewColumn: 1, isActive: true, tabs: [text('/d/iris.csv')] }];
  assert.equal(panelColumn(file('/d/iris.csv')), BESIDE);
});

test("the CSV opened in the earlier panel's group: the new panel goes to the other group, not a third", () => {
  tabGroups.all = [
    { viewColumn: 1, isActive: false, tabs: [text('/d/iris.csv')] },
    { viewColumn: 2, isActive: true, tabs: [ourPanel, text('/d/tennis.csv')] },
  ];
  assert.equal(panelColumn(file('/d/tennis.csv')), 1);
});

test("a group holding one of our panels, not the CSV's, takes the new panel", () => {
  tabGroups.all = [
    { viewColumn: 1, isActive: true, tabs: [text('/d/tennis.csv')] },
    { viewColumn: 2, isActive: false, tabs: [otherWebview] },
    { viewColumn: 3, isActive: false, tabs: [ourPanel] },
  ];
  assert.equal(panelColumn(file('/d/tennis.csv')), 3);
});

test("no panel of ours: the group right of the CSV's, else the one left of it", () => {
  tabGroups.all = [
    { viewColumn: 1, isActive: false, tabs: [otherWebview] },
    { viewColumn: 2, isActive: true, tabs: [text('/d/tennis.csv')] },
    { viewColumn: 3, isActive: false, tabs: [] },
  ];
  assert.equal(panelColumn(file('/d/tennis.csv')), 3);
  tabGroups.all = [
    { viewColumn: 1, isActive: false, tabs: [] },
    { viewColumn: 2, isActive: true, tabs: [text('/d/tennis.csv')] },
  ];
  assert.equal(panelColumn(file('/d/tennis.csv')), 1);
  tabGroups.all = [{ viewColumn: 1, isActive: true, tabs: [] }];
});
