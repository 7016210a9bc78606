// A text field whose value never enters the model's state: what is typed goes to the
// kernel as a message ({typed}), the kernel's value comes back as one ({value}). The
// synced `shown` is the value redacted, all a notebook saved with its widget state holds;
// while `hide_idle` is on, the field shows it when it does not have the focus.
//
// Each edit is numbered ({typed, seq}, and an {ask} says how many were sent); the kernel's
// value comes with the number of the last edit it had read. A value decided before the kernel read everything typed on this page
// (the answer to a view's {ask}, or a value set while keys were still in flight) is stale,
// and is dropped: what was typed since wins, and reaches the kernel after it.
const edits = new WeakMap(); // model -> the number of the last edit this page sent

export default {
  render({ model, el }) {
    el.classList.add("restroute-field");
    const area = model.get("kind") === "textarea";
    const field = document.createElement(area ? "textarea" : "input");
    field.spellcheck = false;
    field.autocomplete = "off";
    if (model.get("label")) {
      const label = document.createElement("label");
      label.textContent = model.get("label");
      el.append(label);
      label.addEventListener("click", () => field.focus());
    }
    el.append(field);
    let value = model.get("shown");
    let focused = false;
    const draw = () => {
      const text = focused || !model.get("hide_idle") ? value : model.get("shown");
      if (field.value !== text) field.value = text;
    };
    const style = () => {
      if (!area) field.type = model.get("kind") === "password" ? "password" : "text";
      if (area) field.rows = model.get("rows");
      field.placeholder = model.get("placeholder");
      field.title = model.get("hint");
      field.disabled = model.get("disabled");
    };
    field.addEventListener("focus", () => {
      focused = true;
      draw();
    });
    field.addEventListener("blur", () => {
      focused = false;
      draw();
    });
    field.addEventListener("input", () => {
      value = field.value;
      const seq = (edits.get(model) ?? 0) + 1;
      edits.set(model, seq);
      model.send({ typed: value, seq });
    });
    const heard = (message) => {
      if (message && typeof message.value === "string") {
        if (typeof message.seq === "number" && message.seq < (edits.get(model) ?? 0)) return;
        value = message.value;
        draw();
      }
    };
    const traits = "change:kind change:rows change:placeholder change:hint change:disabled";
    model.on(traits, style);
    model.on("change:shown change:hide_idle", draw);
    model.on("msg:custom", heard);
    style();
    draw();
    model.send({ ask: true, seq: edits.get(model) ?? 0 });
    return () => {
      model.off(traits, style);
      model.off("change:shown change:hide_idle", draw);
      model.off("msg:custom", heard);
    };
  },
};
