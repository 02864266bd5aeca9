import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { PROGRAM_LINKS } from "~/content/site";

export const PROGRAMS_CLOSE_DELAY_MS = 150;

/** The Programs dropdown: opens on hover, closes 150 ms after the pointer leaves; also a keyboard disclosure. */
export function ProgramsMenu() {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const location = useLocation();
  const active = location.pathname.startsWith("/programs");

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => () => void (closeTimer.current && clearTimeout(closeTimer.current)), []);

  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const scheduleClose = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), PROGRAMS_CLOSE_DELAY_MS);
  };
  const focusItem = (index: number) => {
    const links = listRef.current?.querySelectorAll<HTMLAnchorElement>("a");
    if (!links?.length) return;
    links[(index + links.length) % links.length]?.focus();
  };

  return (
    <div
      className="relative"
      onPointerEnter={(e) => {
        if (e.pointerType !== "mouse") return;
        cancelClose();
        setOpen(true);
      }}
      onPointerLeave={(e) => {
        if (e.pointerType === "mouse") scheduleClose();
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.preventDefault();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
            requestAnimationFrame(() => focusItem(0));
          }
        }}
        className={`flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium ${active ? "text-court-800 underline decoration-2 underline-offset-8" : "text-slate-700 hover:text-court-800"}`}
      >
        Programs <ChevronDown aria-hidden className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <ul
        ref={listRef}
        id={menuId}
        hidden={!open}
        onKeyDown={(e) => {
          const links = Array.from(listRef.current?.querySelectorAll("a") ?? []);
          const i = links.indexOf(document.activeElement as HTMLAnchorElement);
          if (e.key === "ArrowDown") {
            e.preventDefault();
            focusItem(i + 1);
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            focusItem(i - 1);
          }
        }}
        className="absolute left-0 top-full z-40 mt-1 w-64 rounded-lg border border-slate-200 bg-white py-2 shadow-lg"
      >
        {PROGRAM_LINKS.map((p) => (
          <li key={p.to}>
            <NavLink
              to={p.to}
              className={({ isActive }) =>
                `block px-4 py-2 text-sm ${isActive ? "bg-court-50 font-semibold text-court-800" : "text-slate-700 hover:bg-slate-50"}`
              }
            >
              {p.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
