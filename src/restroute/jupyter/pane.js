// A results pane. Its synced `html` is always the redacted rendering: what a notebook
// saved with its widget state may hold. Revealed HTML comes only as a message
// ({revealed: html | null}), kept in this view and never in the model's state.
export default {
  render({ model, el }) {
    el.classList.add("restroute-pane");
    let revealed = null;
    const draw = () => {
      el.innerHTML = revealed ?? model.get("html");
    };
    const heard = (message) => {
      if (message && "revealed" in message) {
        revealed = message.revealed;
        draw();
      }
    };
    model.on("change:html", draw);
    model.on("msg:custom", heard);
    draw();
    model.send({ ask: true });
    return () => {
      model.off("change:html", draw);
      model.off("msg:custom", heard);
    };
  },
};
