// rulekit rule variants: one input per rule option, differences from the
// default rules marked; "apply" sends all values to Python.
function render({ model, el }) {
  el.classList.add("rk-variants");
  const form = document.createElement("div");
  form.className = "rk-variant-form";
  const diff = document.createElement("div");
  diff.className = "rk-variant-diff";
  const formError = document.createElement("div");
  formError.className = "rk-variant-form-error";
  const apply = document.createElement("button");
  apply.className = "rk-variant-apply";
  el.append(form, diff, formError, apply);
  let inputs = [];
  function read(row, input) {
    if (row.kind === "bool") return input.checked;
    if (row.kind === "int") return parseInt(input.value, 10);
    if (row.kind === "list") return input.value.split(",").map((s) => s.trim()).map((s) => (/^-?\d+$/.test(s) ? parseInt(s, 10) : s));
    if (row.choices.length && typeof row.choices[0] === "number") return parseInt(input.value, 10);
    return input.value;
  }
  function draw() {
    const L = model.get("labels") || {};
    inputs = (model.get("rows") || []).map((row) => {
      const line = document.createElement("label");
      line.className = "rk-variant";
      line.setAttribute("data-option", row.name);
      let input;
      if (row.choices.length && row.kind !== "list") {  // a list's choices are per value: typed, not picked
        input = document.createElement("select");
        for (const c of row.choices) {
          const opt = document.createElement("option");
          opt.value = String(c); opt.textContent = String(c);
          input.appendChild(opt);
        }
        input.value = String(row.value);
      } else {
        input = document.createElement("input");
        if (row.kind === "bool") { input.type = "checkbox"; input.checked = row.value; }
        else if (row.kind === "int") {
          input.type = "number"; input.value = row.value;
          if (row.low !== null) input.min = row.low;
          if (row.high !== null) input.max = row.high;
        } else { input.type = "text"; input.value = Array.isArray(row.value) ? row.value.join(", ") : row.value; }
      }
      input.className = "rk-variant-input";
      const name = document.createElement("span");
      name.className = "rk-variant-name";
      name.textContent = row.title || row.name;
      name.title = row.name + (row.rule ? ` [${row.rule}]` : "");
      const help = document.createElement("span");
      help.className = "rk-variant-help";
      const dflt = Array.isArray(row.default) ? row.default.join(", ") : row.default;
      const helpText = row.help && row.help !== row.title ? `${row.help} ` : "";
      help.textContent = `${helpText}(${L.default || "default"}: ${dflt})${row.rule ? ` [${row.rule}]` : ""}`;
      const same = JSON.stringify(row.value) === JSON.stringify(row.default);
      line.classList.toggle("rk-changed", !same);
      const problem = (model.get("errors") || {})[row.name];
      line.classList.toggle("rk-bad", Boolean(problem));
      line.append(name, input, help);
      if (problem) {  // said next to the field, not in the play area
        const err = document.createElement("span");
        err.className = "rk-variant-error";
        err.textContent = problem;
        line.appendChild(err);
      }
      return [row, input, line];
    });
    form.replaceChildren(...inputs.map(([, , line]) => line));
    const changed = model.get("changed") || [];
    diff.textContent = changed.length ? `${L.changed}: ${changed.join("; ")}` : L.none || "";
    apply.textContent = L.apply || "apply";
    formError.textContent = model.get("form_error") || "";
    formError.hidden = !model.get("form_error");
  }
  apply.addEventListener("click", () => {
    const values = {};
    for (const [row, input] of inputs) values[row.name] = read(row, input);
    model.send({ event: "apply", values });
  });
  const stop = watch(model, ["rows", "changed", "labels", "errors", "form_error"], draw);
  draw();
  return stop;
}

export default { render };
