// MessageChannel: postMessage clones the message and detaches transferred
// buffers at once; the other port gets a MessageEvent in a later task, only
// once started (onmessage or start()); a closed channel drops messages.
const { port1, port2 } = new MessageChannel();
const buffer = new ArrayBuffer(8);
new Uint8Array(buffer)[0] = 42;
const order: string[] = [];
port2.onmessage = (e) => {
  const event = e as MessageEvent;
  order.push("message");
  console.log(event.constructor.name, event.type, event.data.text, new Uint8Array(event.data.buffer)[0],
    event.data.buffer.byteLength, JSON.stringify(event.origin), event.source, event.ports.length);
  if (event.data.last) {
    console.log(order.join(" "));
    port2.close();
  }
};
port1.postMessage({ text: "first", buffer }, [buffer]);
console.log("sender's buffer after transfer:", buffer.byteLength);
order.push("sync");
port1.postMessage({ text: "second", buffer: new ArrayBuffer(2), last: true });

// Not started: nothing arrives, and it does not keep the program alive.
const quiet = new MessageChannel();
quiet.port2.addEventListener("message", () => console.log("must not run"));
quiet.port1.postMessage("unseen");

// A closed channel: the message is dropped without an error.
const closed = new MessageChannel();
closed.port2.onmessage = () => console.log("must not run either");
closed.port1.close();
closed.port1.postMessage("lost");

try {
  port1.postMessage(Symbol("x"));
} catch (e) {
  console.log((e as Error).name);
}
console.log(Object.prototype.toString.call(port1), typeof MessagePort, new MessageEvent("x").data);
