console.log(navigator.language, navigator.languages.join(","));
