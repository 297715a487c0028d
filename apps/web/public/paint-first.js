// A page the server drew (apps/api/src/page-rendering.ts) starts the app through this file: the
// app's code, already downloading (the page's modulepreload links), runs only once the browser has
// painted the page and finished loading it, so a slow phone shows the page first and works after.
// A tab in the background paints nothing: the app then starts when it is shown, or after a second
// of waiting for a paint.
const painted = new Promise((resolve) => {
  setTimeout(resolve, 1000);
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    resolve();
  }
});
const loaded = document.readyState === 'complete' ? Promise.resolve() : new Promise((resolve) => addEventListener('load', resolve, { once: true }));
// This module runs once the whole page is parsed: the frame after the next one has painted all of it.
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

// The app's files are run one at a time, each in a task of its own, in the order the page names them
// (libraries, then the app's shared code, then the page's own), so that no single long task keeps
// the phone from answering; the entry then finds them all ready.
async function start() {
  await Promise.all([painted, loaded]);
  await nextFrame();
  await nextFrame();
  for (const link of document.querySelectorAll('link[rel="modulepreload"][data-run-first]')) {
    await nextTask();
    await import(link.href);
  }
  await nextTask();
  await import(document.getElementById('root').dataset.entry);
}
void start();
