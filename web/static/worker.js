// The engine's Web Worker: it runs the library compiled to WebAssembly
// (surakarta.wasm, from ../wasm) so that the page stays responsive while
// the engine thinks. The page sends {type: "init", module} once, with the
// compiled WebAssembly.Module, then {id, method, args} calls; each call is
// answered with {type: "result", id, result}; think also sends
// {type: "progress", id, info} after each completed search iteration, and
// analyse {type: "progress", id, info: {done, total}} after each position
// searched. The library answers in JSON text (the fields that
// web/internal/session/testdata/messages.txt lists), which this worker
// decodes, once, before it posts the answer. A worker answers one call at
// a time: the page stops a search by ending the worker and starting
// another.
"use strict";
importScripts("wasm_exec.js");

let api = null;

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg.type === "init") {
    try {
      const go = new Go();
      const ready = new Promise((resolve) => { self.surakartaReady = resolve; });
      const instance = await WebAssembly.instantiate(msg.module, go.importObject);
      go.run(instance).then(() => {
        self.postMessage({ type: "exit" });
      });
      await ready;
      api = self.surakarta;
      self.postMessage({ type: "ready" });
    } catch (err) {
      self.postMessage({ type: "failed", error: String(err) });
    }
    return;
  }
  const { id, method, args } = msg;
  let result;
  try {
    if (!api || typeof api[method] !== "function") {
      throw new Error("the engine has no method " + method);
    }
    let text;
    if (method === "think" || method === "analyse") {
      // The progress callback comes after the call's own arguments.
      const progress = (info) => self.postMessage({ type: "progress", id, info: JSON.parse(info) });
      text = api[method](...args, progress);
    } else {
      text = api[method](...args);
    }
    result = JSON.parse(text);
  } catch (err) {
    result = { error: String(err) };
  }
  self.postMessage({ type: "result", id, result });
};
