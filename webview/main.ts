// Webview entry (browser only). Renders what the extension host sends; loads nothing remote.
const root = document.getElementById('root');
if (root) root.textContent = 'Decision Tree Explorer';
