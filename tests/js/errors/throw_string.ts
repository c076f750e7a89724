throw "str";
