// A first-time visitor's first listing pull starts while the app's code downloads, instead of
// after it (the app takes the answer in client/data/sync/boot-prefetch.ts). Not for signed-in users
// or a device that has synced before: they pull with their own token or from their checkpoint.
(function () {
  try {
    if (
      localStorage.getItem('cjfc.session.user') ||
      localStorage.getItem('cjfc.sync.last.cjfc_anon') ||
      // The gateway's first-screen HTML carries this answer itself.
      document.querySelector('meta[name="cjfc-first-pull"]')
    )
      return;
    var url = '/api/sync/properties/pull?limit=500';
    window.__cjfcPrefetch = {
      url: url,
      body: fetch(url, { credentials: 'omit' })
        .then(function (res) {
          return res.ok ? res.json() : null;
        })
        .catch(function () {
          return null;
        }),
    };
  } catch {
    // No storage (private mode): the app pulls as usual.
  }
})();
