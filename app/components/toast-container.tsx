import { useEffect } from "react";
import { ToastContainer, toast } from "react-toastify";
import { attachToastListener } from "~/lib/toast";

export const TOAST_AUTO_CLOSE_MS = 2500;

export default function ToastContainerLoaded() {
  useEffect(
    () =>
      attachToastListener(({ kind, text }) => {
        toast[kind](text);
      }),
    [],
  );
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
