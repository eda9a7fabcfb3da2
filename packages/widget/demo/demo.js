// Demo helpers (a file, not an inline script: the page runs under a strict CSP).
const events = document.getElementById('events');
for (const name of ['docent:open', 'docent:close', 'docent:search', 'docent:question', 'docent:answer', 'docent:feedback']) {
  document.addEventListener(name, (event) => {
    const item = document.createElement('li');
    const source = event.target instanceof Element ? event.target.id || event.target.localName : 'document';
    item.textContent = `${name} from #${source} ${event.detail === undefined ? '' : JSON.stringify(event.detail)}`;
    item.dataset.event = name;
    events?.append(item);
  });
}

document.getElementById('theme-toggle')?.addEventListener('click', () => {
  const root = document.documentElement;
  root.dataset.theme = root.dataset.theme === 'dark' ? 'light' : 'dark';
});
