// Platform objects structuredClone must recognise (HTML §2.7): a class that
// extends internals.PlatformObject has instances V8's serializer hands to
// web/structured_clone_ops.cc rather than copying their own properties (a
// DOMException's or a Blob's state is in private fields, so a plain copy
// would be `{}`). A serializable class gives its parts with
// `[serializeSteps]()` (`[kind, ...parts]`, each a string, a number, a
// Uint8Array or undefined) and registers a reader for its kind that makes the
// copy with its own constructor; any other platform object is a
// DataCloneError, as in Deno.
const NativePlatformObject = core.ops.op_platform_object_class();
let adoptee;  // the placeholder the next construction returns (adoptPlatformObject)

class PlatformObject extends NativePlatformObject {
  constructor() {
    if (adoptee === undefined) return super();
    const placeholder = adoptee;
    adoptee = undefined;
    Object.setPrototypeOf(placeholder, new.target.prototype);  // as if made for new.target
    return placeholder;
  }
}
// Nameless, so classes built on it print as `[class Blob]`, as in Deno.
Object.defineProperty(PlatformObject, "name", { value: "" });
const serializeSteps = Symbol("serializeSteps");
const readers = new Map();  // kind → (parts) → a new object of that kind

function dataCloneError(message) {
  return new internals.DOMException(message, "DataCloneError");
}

// Called by the serializer for each platform object.
function serializePlatformObject(object) {
  const steps = object[serializeSteps];
  if (typeof steps !== "function") throw dataCloneError("Cannot clone object of unsupported type.");
  return steps.call(object);
}

// Called once the clone is read: `placeholder` (a bare PlatformObject already
// in the copied graph) becomes the object its reader builds, keeping its
// identity: while this runs, the first PlatformObject constructed is the
// placeholder (the base constructor returns it), so the reader must construct
// the object before any other platform object.
function adoptPlatformObject(placeholder, parts) {
  const read = readers.get(parts[0]);
  if (read === undefined) throw dataCloneError("Unable to deserialize cloned data.");
  adoptee = placeholder;
  let object;
  try {
    object = read(parts);
  } finally {
    adoptee = undefined;
  }
  if (object !== placeholder) throw dataCloneError("Unable to deserialize cloned data.");
}

// Makes `cls` (which extends PlatformObject) look like a class of its own:
// its prototype's [[Prototype]] is `parentPrototype` (Object.prototype unless
// WebIDL says otherwise). super() still reaches PlatformObject.
function hidePlatformObject(cls, parentPrototype = Object.prototype) {
  Object.setPrototypeOf(cls.prototype, parentPrototype);
}

internals.platformObjects = {
  PlatformObject, serializeSteps, readers, hidePlatformObject, serializePlatformObject, adoptPlatformObject,
};
