// Loads baseline.wasm the way web/loader.js loads app.wasm: streaming
// compilation of the fetched body, then Go's run.
"use strict";
(async () => {
  const go = new Go();
  const { instance } = await WebAssembly.instantiateStreaming(fetch("baseline.wasm"), go.importObject);
  go.run(instance);
})();
