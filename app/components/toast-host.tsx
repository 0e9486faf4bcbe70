import { lazy, Suspense, useEffect, useState } from "react";
import { onFirstToast } from "~/lib/toast";

const ToastContainerLoaded = lazy(() => import("./toast-container"));

export function ToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onFirstToast(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainerLoaded />
    </Suspense>
  );
}
