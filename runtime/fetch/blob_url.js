// The blob URL store (File API §8): URL.createObjectURL(blob) names a Blob
// with a "blob:null/<uuid>" URL (a program has no origin, as in Deno without
// --location) until URL.revokeObjectURL; fetch() of such a URL reads the Blob.
const { requiredArguments } = internals.webidl;
const { isBlob } = internals.file;
const { op_crypto_random_uuid } = core.ops;
const URLCtor = internals.URL;
const TypeErrorCtor = TypeError, ErrorCtor = Error;
const store = new Map();  // URL without its fragment → Blob

function withoutFragment(href) {
  const hash = href.indexOf("#");
  return hash === -1 ? href : href.slice(0, hash);
}

const statics = {
  createObjectURL(blob) {
    const prefix = "Failed to execute 'createObjectURL' on 'URL'";
    requiredArguments(arguments.length, 1, prefix);
    if (!isBlob(blob)) throw new TypeErrorCtor(`${prefix}: The "blob" argument must be an instance of Blob`);
    const url = `blob:null/${op_crypto_random_uuid()}`;
    store.set(url, blob);
    return url;
  },
  revokeObjectURL(url) {
    requiredArguments(arguments.length, 1, "Failed to execute 'revokeObjectURL' on 'URL'");
    url = `${url}`;
    let parsed;
    try {
      parsed = new URLCtor(url);
    } catch (e) {
      // An Error, as Deno's; its words (the url crate's) for a relative URL, else ours.
      throw new ErrorCtor(/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url) ? e.message : "relative URL without a base");
    }
    store.delete(parsed.href);  // as in Deno, a URL with a fragment revokes nothing
  },
};
for (const name of ["createObjectURL", "revokeObjectURL"]) {
  Object.defineProperty(URLCtor, name, { value: statics[name], writable: true, enumerable: true, configurable: true });
}

// The Blob a blob: URL names, or null.
internals.fetch.blobFromObjectURL = (href) => store.get(withoutFragment(href)) ?? null;
