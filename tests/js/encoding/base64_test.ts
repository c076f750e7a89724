// atob and btoa: forgiving-base64 and Latin-1 only.
import { Shown } from "../shown.ts";

Deno.test("atob and btoa: forgiving-base64 and Latin-1 only", async () => {
  const shown = new Shown();
  shown.at(1, [btoa(""), btoa("f"), btoa("fo"), btoa("foo"), btoa("foob"), btoa("\xff\xfe\x00")], ["", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "//4A"]);
  shown.at(2, [btoa(123 as any), btoa(null as any), btoa(undefined as any)], ["MTIz", "bnVsbA==", "dW5kZWZpbmVk"]);
  for (const s of ["", "Zg==", "Zg", "Zm8=", "Zm8", "Zm9v", " Zm 9v\n\t\f\rYg== ", "YQ", "////", "+/+/", "Zm9vYmFy    ", "Zm9vYmFyYQ==  ", "Zm9vYmFyYmF6 YQ"]) {
    shown.at(3, [JSON.stringify(s), JSON.stringify(atob(s))], ["\"\"", "\"\""], ["\"Zg==\"", "\"f\""], ["\"Zg\"", "\"f\""], ["\"Zm8=\"", "\"fo\""], ["\"Zm8\"", "\"fo\""], ["\"Zm9v\"", "\"foo\""], ["\" Zm 9v\\n\\t\\f\\rYg== \"", "\"foob\""], ["\"YQ\"", "\"a\""], ["\"////\"", "\"ÿÿÿ\""], ["\"+/+/\"", "\"ûÿ¿\""], ["\"Zm9vYmFy    \"", "\"foobar\""], ["\"Zm9vYmFyYQ==  \"", "\"foobara\""], ["\"Zm9vYmFyYmF6 YQ\"", "\"foobarbaza\""]);
  }
  let roundTrips = 0;
  for (let i = 0; i < 256; i++) {
    const s = String.fromCharCode(i, 255 - i, (i * 7) & 255);
    if (atob(btoa(s)) === s && atob(btoa(s.slice(1))) === s.slice(1)) roundTrips++;
  }
  shown.at(4, ["round trips", roundTrips], ["round trips", 256]);
  for (const s of ["Y", "YW=", "Y===", "YQ===", "Zg=a", "Zm9v=", "a*bc", "ab€c", "=Zg", "Zm9vYmFy=YQ==", "Zm9vYmFyYmF6Y", "Zm9vYmFyYmF6Y===", "Zm9vYmFyYmF6YQ="]) {
    try {
      shown.at(5, ["accepted", JSON.stringify(s), JSON.stringify(atob(s))]);
    } catch (e) {
      const err = e as DOMException;
      shown.at(6, [JSON.stringify(s), err.name, err.message, err.code, err instanceof DOMException, err instanceof Error], ["\"Y\"", "InvalidCharacterError", "Failed to decode base64", 5, true, true], ["\"YW=\"", "InvalidCharacterError", "Failed to decode base64", 5, true, true], ["\"Y===\"", "InvalidCharacterError", "Failed to decode base64", 5, true, true], ["\"YQ===\"", "InvalidCharacterError", "Failed to decode base64", 5, true, true], ["\"Zg=a\"", "InvalidCharacterError", "Failed to decode base64", 5, true, true], ["\"Zm9v=\"", "InvalidCharacterError", "Failed to decode base64", 5, true, true], ["\"a*bc\"", "InvalidCharacterError", "Failed to decode base64", 5, true, true], ["\"ab€c\"", "InvalidCharacterError", "Failed to decode base64: invalid character", 5, true, true], ["\"=Zg\"", "InvalidCharacterError", "Failed to decode base64", 5, true, true], ["\"Zm9vYmFy=YQ==\"", "InvalidCharacterError", "Failed to decode base64", 5, true, true], ["\"Zm9vYmFyYmF6Y\"", "InvalidCharacterError", "Failed to decode base64", 5, true, true], ["\"Zm9vYmFyYmF6Y===\"", "InvalidCharacterError", "Failed to decode base64", 5, true, true], ["\"Zm9vYmFyYmF6YQ=\"", "InvalidCharacterError", "Failed to decode base64", 5, true, true]);
    }
  }
  try {
    btoa("€");
  } catch (e) {
    const err = e as DOMException;
    shown.at(7, [err.name, err.message, err.code], ["InvalidCharacterError", "Cannot encode string: string contains characters outside of the Latin1 range", 5]);
  }
  for (const call of [() => (atob as any)(), () => (btoa as any)()]) {
    try {
      call();
    } catch (e) {
      shown.at(8, [(e as Error).name, (e as Error).message], ["TypeError", "Failed to execute 'atob': 1 argument required, but only 0 present"], ["TypeError", "Failed to execute 'btoa': 1 argument required, but only 0 present"]);
    }
  }
  shown.done([1, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 7, 8, 8]);
});
