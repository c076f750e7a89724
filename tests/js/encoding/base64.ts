// atob and btoa: forgiving-base64 and Latin-1 only.
console.log(btoa(""), btoa("f"), btoa("fo"), btoa("foo"), btoa("foob"), btoa("\xff\xfe\x00"));
console.log(btoa(123 as any), btoa(null as any), btoa(undefined as any));
for (const s of ["", "Zg==", "Zg", "Zm8=", "Zm8", "Zm9v", " Zm 9v\n\t\f\rYg== ", "YQ", "////", "+/+/", "Zm9vYmFy    ", "Zm9vYmFyYQ==  ", "Zm9vYmFyYmF6 YQ"]) {
  console.log(JSON.stringify(s), JSON.stringify(atob(s)));
}
let roundTrips = 0;
for (let i = 0; i < 256; i++) {
  const s = String.fromCharCode(i, 255 - i, (i * 7) & 255);
  if (atob(btoa(s)) === s && atob(btoa(s.slice(1))) === s.slice(1)) roundTrips++;
}
console.log("round trips", roundTrips);
for (const s of ["Y", "YW=", "Y===", "YQ===", "Zg=a", "Zm9v=", "a*bc", "ab€c", "=Zg", "Zm9vYmFy=YQ==", "Zm9vYmFyYmF6Y", "Zm9vYmFyYmF6Y===", "Zm9vYmFyYmF6YQ="]) {
  try {
    console.log("accepted", JSON.stringify(s), JSON.stringify(atob(s)));
  } catch (e) {
    const err = e as DOMException;
    console.log(JSON.stringify(s), err.name, err.message, err.code, err instanceof DOMException, err instanceof Error);
  }
}
try {
  btoa("€");
} catch (e) {
  const err = e as DOMException;
  console.log(err.name, err.message, err.code);
}
for (const call of [() => (atob as any)(), () => (btoa as any)()]) {
  try {
    call();
  } catch (e) {
    console.log((e as Error).name, (e as Error).message);
  }
}
