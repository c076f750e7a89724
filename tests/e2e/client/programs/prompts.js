alert("hi"); console.log("c=" + confirm("sure?")); console.log("p=" + prompt("name?", "def")); console.log("p2=" + prompt("again?"));
