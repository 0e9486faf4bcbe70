import { useEffect } from "react";
import { type Id, ToastContainer, toast } from "react-toastify";
import { useT } from "~/lib/i18n";
import { attachToastListener } from "~/lib/toast";

export const TOAST_AUTO_CLOSE_MS = 2500;

/** The toast now showing for each flow, so a newer one of the same flow replaces it (react-toastify's update). */
const shownFor = new Map<string, Id>();
let shown = 0;

export default function ToastContainerLoaded() {
  // Toasts are told in English (the spec's words, the server's messages) and shown in the visitor's language:
  // screens pass the English and never translate it themselves (a screen's effect that depended on the
  // translator would run again, and toast again, each time the root's data is reloaded).
  const { t } = useT();
  useEffect(
    () =>
      attachToastListener(({ kind, text, flow, afresh }) => {
        if (afresh) {
          toast.dismiss();
          shownFor.clear();
        }
        const showing = flow === undefined ? undefined : shownFor.get(flow);
        if (showing !== undefined && toast.isActive(showing)) {
          toast.update(showing, { render: t(text), type: kind, autoClose: TOAST_AUTO_CLOSE_MS });
          return;
        }
        // A fresh id each time: a closing toast of the flow may still be leaving the screen under the old one.
        shown += 1;
        const id = flow === undefined ? toast[kind](t(text)) : toast[kind](t(text), { toastId: `${flow}-${shown}` });
        if (flow !== undefined) shownFor.set(flow, id);
      }),
    [t],
  );
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
