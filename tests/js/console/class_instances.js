// Instances of classes and subclasses of built-ins.
class Empty {}
class Point {
  constructor() {
    this.x = 1;
    this.y = 2;
  }
}
class Point3D extends Point {
  constructor() {
    super();
    this.z = 3;
  }
}
class WithPrivate {
  #hidden = 1;
  visible = 2;
  static staticField = 3;
}
class Tagged {
  get [Symbol.toStringTag]() {
    return "CustomTag";
  }
}
class WithProtoData {}
WithProtoData.prototype.shared = "on prototype";
console.log(new Empty(), new Point(), new Point3D(), new WithPrivate());
console.log(new Tagged(), { t: new Tagged() });
console.log(new WithProtoData());
console.log(Deno.inspect(new WithProtoData(), { showHidden: true }));
class MyError extends Error {}
class MyMap extends Map {}
class MySet extends Set {}
class MyPromise extends Promise {}
console.log(new MyMap([["a", 1]]), new MySet([1]), MyPromise.resolve(1));
const anonymousInstance = new (class {})();
console.log(anonymousInstance);
const noCtor = Object.create({});
console.log(noCtor);
function OldStyle() {
  this.a = 1;
}
console.log(new OldStyle());
OldStyle.prototype.constructor = undefined;
console.log(new OldStyle());
const fakeCtor = { constructor: { name: "Fake" } };
console.log(Object.create(fakeCtor));
class Deep {
  constructor(n) {
    this.child = n > 0 ? new Deep(n - 1) : null;
  }
}
console.log(new Deep(6));
console.log(Object.create(Point.prototype));
console.log(Object.create(Array.prototype), Object.create(Map.prototype));
const changed = new Point();
Object.setPrototypeOf(changed, Object.create(null));
console.log(changed);
console.log(Deno.inspect(new Point3D(), { showHidden: true }));
