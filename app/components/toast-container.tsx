import { useEffect } from "react";
import { ToastContainer, toast } from "react-toastify";
import { useT } from "~/lib/i18n";
import { attachToastListener } from "~/lib/toast";

export const TOAST_AUTO_CLOSE_MS = 2500;

export default function ToastContainerLoaded() {
  // Toasts are told in English (the spec's words, the server's messages) and shown in the visitor's language:
  // screens pass the English and never translate it themselves (a screen's effect that depended on the
  // translator would run again, and toast again, each time the root's data is reloaded).
  const { t } = useT();
  useEffect(
    () =>
      attachToastListener(({ kind, text }) => {
        toast[kind](t(text));
      }),
    [t],
  );
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
