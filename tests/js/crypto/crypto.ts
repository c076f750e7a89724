// How crypto and crypto.subtle print (their behaviour: tests/js/unit/crypto_test.ts).
console.log(crypto, crypto.subtle);
