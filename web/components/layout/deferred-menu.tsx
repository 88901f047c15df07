import {
  type ComponentType,
  cloneElement,
  type LazyExoticComponent,
  type ReactElement,
  Suspense,
  useState,
} from "react";
import type { ButtonProps } from "@/components/ui/button";

// A top-bar menu whose Radix dropdown (with Floating UI, a large chunk) loads on first use, so the
// sign-in screens do not pay for it. Until then the trigger is the same button, announced as a
// menu button; hovering or focusing it starts the download, clicking it opens the real menu.

export type DeferredMenuProps = { trigger: ReactElement<ButtonProps>; defaultOpen?: boolean };

export function DeferredMenu({
  menu: Menu,
  preload,
  trigger,
}: {
  menu: LazyExoticComponent<ComponentType<DeferredMenuProps>>;
  preload: () => unknown;
  trigger: ReactElement<ButtonProps>;
}) {
  const [active, setActive] = useState(false);
  const idle = cloneElement(trigger, {
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerEnter: () => void preload(),
    onFocus: () => void preload(),
    onClick: () => setActive(true),
  });
  if (!active) return idle;
  return (
    <Suspense fallback={idle}>
      <Menu trigger={trigger} defaultOpen />
    </Suspense>
  );
}
