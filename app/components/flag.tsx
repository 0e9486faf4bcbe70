import { useRouteLoaderData } from "react-router";

/**
 * A country's flag drawn from the page's flag sprite (decision 0043): every flag of a page comes in one
 * request, `/flags/sprite-HASH.svg?for=at.au.in`, cached for good. A page names its flags once
 * (`useFlagSprite(codes)`) and draws each with `<Flag>`.
 */
export function useFlagSprite(codes: readonly string[]): string {
  const root = useRouteLoaderData("root") as { flagSprite?: string } | undefined;
  const set = [...new Set(codes)].sort().join(".");
  return `${root?.flagSprite ?? "/flags/sprite.svg"}?for=${set}`;
}

interface FlagProps {
  /** The page's sprite, from `useFlagSprite`. */
  sprite: string;
  code: string;
  /** Said by a screen reader ("Flag of India"); without it the flag is decoration beside its name. */
  label?: string;
  width: number;
  height: number;
  className?: string;
  /** How the 4:3 flag fills another shape: `slice` crops it as `object-fit: cover` would. */
  fit?: "meet" | "slice";
}

export function Flag({ sprite, code, label, width, height, className, fit = "meet" }: FlagProps) {
  const shape = {
    className: `flag${className ? ` ${className}` : ""}`,
    width,
    height,
    viewBox: "0 0 640 480",
    preserveAspectRatio: `xMidYMid ${fit}`,
  };
  const symbol = <use href={`${sprite}#${code}`} />;
  return label ? (
    <svg {...shape} role="img" aria-label={label}>
      {symbol}
    </svg>
  ) : (
    <svg {...shape} aria-hidden="true" focusable="false">
      {symbol}
    </svg>
  );
}
