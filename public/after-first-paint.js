// On a page the gateway rendered (sync-server/first-screen.ts), the app's code loads once that
// first screen has been painted, instead of competing with its HTML, styles and photos: a slow
// phone shows the listings first and hydrates them a moment later. The entry and its modules to
// preload are in this element's data attributes (the build's own <script>/<link> tags, moved).
(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  // Each inserted preload starts a fetch (a few ms on a slow phone): a few per task, so no task
  // of this script runs long (Lighthouse TBT); the entry follows the last of them.
  var PER_TASK = 3;
  function load() {
    preloads.splice(0, PER_TASK).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (preloads.length > 0) {
      setTimeout(load, 0);
      return;
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // The page's photos first (the largest paint is a listing's photo: on a slow network the scripts
  // would share its bandwidth), then a frame callback, which runs just before the next paint, and
  // the timeout after it, just after; a photo that never finishes holds the app back 3 s at most.
  var started = false;
  function start() {
    if (started) return;
    started = true;
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
  }
  if (document.readyState === 'complete') start();
  else {
    window.addEventListener('load', start);
    setTimeout(start, 3000);
  }
})();
