// structuredClone(value, { transfer }): the WebIDL conversion of the options
// here, the cloning itself in C++ (structured_clone_ops.cc, V8's serializer),
// platform objects through web/platform_object.js.
const { op_structured_clone } = core.ops;
const { requiredArguments, toDictionary, defineGlobal } = internals.webidl;
const { PlatformObject, serializePlatformObject, adoptPlatformObject } = internals.platformObjects;

function structuredClone(value, options = undefined) {
  const prefix = "Failed to execute 'structuredClone'";
  requiredArguments(arguments.length, 1, prefix);
  options = toDictionary(options, prefix, 2);
  let transfer = [];
  if (options.transfer !== undefined) {
    const context = "'transfer' of 'StructuredSerializeOptions' (Argument 2)";
    const list = options.transfer;
    if (list === null || typeof list !== "object" || typeof list[Symbol.iterator] !== "function") {
      throw new TypeError(`${prefix}: ${context} can not be converted to sequence.`);
    }
    transfer = [...list];
    transfer.forEach((item, i) => {
      if (item === null || (typeof item !== "object" && typeof item !== "function")) {
        throw new TypeError(`${prefix}: ${context}, index ${i} is not an object`);
      }
    });
  }
  return op_structured_clone(value, transfer, serializePlatformObject, adoptPlatformObject, PlatformObject);
}

defineGlobal("structuredClone", structuredClone, true);
