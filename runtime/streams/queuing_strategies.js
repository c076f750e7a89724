// ByteLengthQueuingStrategy and CountQueuingStrategy (Streams Standard §7).
const S = internals.streams;
const { TypeError: $TypeError, illegalInvocation, webidlClass, defineInspect, requiredArguments } = S;

const _highWaterMark = Symbol("[[highWaterMark]]");

// QueuingStrategyInit: { required unrestricted double highWaterMark }.
function toQueuingStrategyInit(init, prefix) {
  requiredArguments(init === undefined ? 0 : 1, 1, prefix);
  if (!S.isObject(init)) throw S.idlError($TypeError, "can not be converted to a dictionary", prefix, "Argument 1");
  const d = init;
  const hwm = d === undefined ? undefined : d.highWaterMark;
  if (hwm === undefined) {
    throw new $TypeError(`${prefix}: Argument 1 can not be converted to 'QueuingStrategyInit' because 'highWaterMark' is required in 'QueuingStrategyInit'`);
  }
  return S.toUnrestrictedDouble(hwm, prefix, S.memberContext("highWaterMark", "QueuingStrategyInit", "Argument 1"));
}

// The size functions are one object per realm, as the spec requires.
const byteLengthSize = { size(chunk) { return chunk.byteLength; } }.size;
const countSize = { size() { return 1; } }.size;

class ByteLengthQueuingStrategy {
  constructor(init) {
    const prefix = "Failed to construct 'ByteLengthQueuingStrategy'";
    requiredArguments(arguments.length, 1, prefix);
    this[_highWaterMark] = toQueuingStrategyInit(init, prefix);
  }
  get highWaterMark() {
    if (!isStrategy(this, ByteLengthQueuingStrategy)) throw illegalInvocation();
    return this[_highWaterMark];
  }
  get size() {
    if (!isStrategy(this, ByteLengthQueuingStrategy)) throw illegalInvocation();
    return byteLengthSize;
  }
}

class CountQueuingStrategy {
  constructor(init) {
    const prefix = "Failed to construct 'CountQueuingStrategy'";
    requiredArguments(arguments.length, 1, prefix);
    this[_highWaterMark] = toQueuingStrategyInit(init, prefix);
  }
  get highWaterMark() {
    if (!isStrategy(this, CountQueuingStrategy)) throw illegalInvocation();
    return this[_highWaterMark];
  }
  get size() {
    if (!isStrategy(this, CountQueuingStrategy)) throw illegalInvocation();
    return countSize;
  }
}

function isStrategy(x, cls) {
  return typeof x === "object" && x !== null && _highWaterMark in x && S.ObjectPrototypeIsPrototypeOf(cls.prototype, x);
}

webidlClass(ByteLengthQueuingStrategy, "ByteLengthQueuingStrategy");
webidlClass(CountQueuingStrategy, "CountQueuingStrategy");
defineInspect(ByteLengthQueuingStrategy.prototype, ["highWaterMark", "size"], (x) => isStrategy(x, ByteLengthQueuingStrategy));
defineInspect(CountQueuingStrategy.prototype, ["highWaterMark", "size"], (x) => isStrategy(x, CountQueuingStrategy));

S.ByteLengthQueuingStrategy = ByteLengthQueuingStrategy;
S.CountQueuingStrategy = CountQueuingStrategy;
