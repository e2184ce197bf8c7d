// The card picker: tap a card to add it to the focused card field (Centre Row or hand).
// Without JavaScript the fields are typed; with it they are also tapped. No other behaviour.
(function () {
  "use strict";
  var picker = document.getElementById("picker");
  document.querySelectorAll("select[data-autosubmit]").forEach(function (s) {
    s.addEventListener("change", function () { s.form.submit(); });
  });
  if (!picker) return;
  var fields = document.querySelectorAll("input[data-cards]");
  var target = fields[0];
  fields.forEach(function (f) { f.addEventListener("focus", function () { target = f; }); });
  var colours = [["r", "red"], ["b", "blue"], ["g", "green"], ["y", "yellow"]];
  var names = JSON.parse(picker.getAttribute("data-labels") || "{}"); // each card named in the page's language
  function add(code, cls, label, title) {
    title = names[code] || title;
    var b = document.createElement("button");
    b.type = "button";
    b.className = "card " + cls;
    b.textContent = label;
    b.title = title;
    b.setAttribute("aria-label", title);
    b.addEventListener("click", function () {
      target.value = (target.value.trim() + " " + code).trim();
      target.dispatchEvent(new Event("input"));
    });
    picker.appendChild(b);
  }
  colours.forEach(function (c) {
    for (var n = 1; n <= 10; n++) {
      if (n === 2) continue; // the printed deck has no 2: the Wild DOS plays as one
      add(n + c[0], c[1], String(n), c[1] + " " + n);
    }
    add("#" + c[0], "wild-number " + c[1], "#", c[1] + " Wild #");
  });
  add("W2", "wild-dos", "2", "Wild DOS");
  var clear = document.createElement("button");
  clear.type = "button";
  clear.className = "card clear";
  clear.textContent = "⌫";
  clear.title = picker.getAttribute("data-clear") || "remove the last card of the field";
  clear.setAttribute("aria-label", clear.title);
  clear.addEventListener("click", function () {
    var parts = target.value.trim().split(/\s+/);
    parts.pop();
    target.value = parts.join(" ");
  });
  picker.appendChild(clear);
  picker.hidden = false;
})();
