// btoa and atob of 1 KiB of Latin-1 text, 100,000 round trips.
let text = "";
for (let i = 0; i < 1024; i++) text += String.fromCharCode((i * 31) & 255);
let total = 0;
for (let i = 0; i < 100_000; i++) total += atob(btoa(text)).length;
console.log(total);
