// The contract between the components and app/lib/page-behaviours.js, the small script every page loads (the pages
// visitors get without React too; docs/interactive-pages.md). Each behaviour is declared here once, with the data
// attributes it reads or sets; components write those attributes only through the functions below, whose parameters
// type each value, so a misspelt attribute or a wrong value fails the typecheck. The script is plain JavaScript served
// as it is, so it cannot import this file: page-behaviours-contract.test.tsx fails when the script, app/app.css or a
// component's styles use a data- name not declared here, when something declared here is used by nothing, and when a
// component writes a behaviour's attribute by hand.
import type { AriaAttributes, HTMLAttributes } from "react";

type DataName = `data-${string}`;

/**
 * Every behaviour's attributes: those components `write` (through the functions below) and those the script `sets`
 * for the styles to read (`group-data-copied:`, `html[data-scroll-locked]`). The script reads exactly these names.
 */
export const BEHAVIOUR_ATTRIBUTES = {
  disclosure: {
    write: [
      "data-disclosure",
      "data-disclosure-button",
      "data-disclosure-panel",
      "data-hover",
      "data-arrow-keys",
      "data-close-on-blur",
      "data-lock-scroll",
    ],
    sets: ["data-scroll-locked"],
  },
  copy: { write: ["data-copy-box", "data-copy"], sets: ["data-copied", "data-copy-failed"] },
  popup: { write: ["data-popup-url", "data-popup-blocked"], sets: [] },
  photo: { write: ["data-photo"], sets: ["data-broken"] },
  dialogSteps: { write: ["data-dialog-step", "data-close-on-click"], sets: [] },
  authDialog: {
    write: [
      "data-mode",
      "data-texts",
      "data-describedby",
      "data-open-on-load",
      "data-text",
      "data-signup-only",
      "data-auth-toggle-form",
      "data-auth-toggle",
    ],
    sets: [],
  },
  errorMessage: { write: ["data-field-error", "data-form-error"], sets: [] },
  busy: { write: ["data-busy-label"], sets: ["data-idle-label"] },
  notice: { write: ["data-notice", "data-dismiss"], sets: [] },
  languageOffer: { write: ["data-language-offer"], sets: [] },
} as const satisfies Record<string, { write: readonly DataName[]; sets: readonly DataName[] }>;

type Behaviour = keyof typeof BEHAVIOUR_ATTRIBUTES;
/** The attributes of one behaviour a component may write: "" for a flag that is on; undefined leaves one out. */
type Written<B extends Behaviour> = { [N in (typeof BEHAVIOUR_ATTRIBUTES)[B]["write"][number]]?: string | number | undefined };
const flag = (on: boolean | undefined) => (on ? "" : undefined);

/**
 * Disclosure menus: the button shows and hides the panel its aria-controls names. Escape, a click elsewhere or on a
 * link in the panel, and the Back button close it.
 */
export const disclosure = {
  /**
   * The box around the button (and usually the panel). `hover`: opens while the mouse is over the box and closes that
   * many milliseconds after it leaves. `arrowKeys`: ArrowDown on the button opens the menu and moves to its first
   * link; the arrows move between links. `closeOnBlur`: closes when focus leaves the box.
   */
  box: ({ hover, arrowKeys, closeOnBlur }: { hover?: number; arrowKeys?: boolean; closeOnBlur?: boolean } = {}) =>
    ({
      "data-disclosure": "",
      "data-hover": hover,
      "data-arrow-keys": flag(arrowKeys),
      "data-close-on-blur": flag(closeOnBlur),
    }) satisfies Written<"disclosure">,
  /** The button; the script keeps its aria-expanded. */
  button: (panelId: string) =>
    ({ "data-disclosure-button": "", "aria-controls": panelId, "aria-expanded": false }) satisfies Written<"disclosure"> & AriaAttributes,
  /** The panel, hidden until the button opens it. `lockScroll`: while it is open the page behind it does not scroll. */
  panel: (id: string, { lockScroll }: { lockScroll?: boolean } = {}) =>
    ({ "data-disclosure-panel": "", "data-lock-scroll": flag(lockScroll), id, hidden: true }) satisfies Written<"disclosure"> &
      HTMLAttributes<HTMLElement>,
};

/**
 * Copy buttons: the button copies its value and marks the box data-copied (or data-copy-failed) for a while; the box's
 * styles (`group-data-copied:`) show the confirmation it holds, so no text changes.
 */
export const copy = {
  box: () => ({ "data-copy-box": "" }) satisfies Written<"copy">,
  button: (value: string) => ({ "data-copy": value }) satisfies Written<"copy">,
};

/**
 * Pop-up buttons: opens `url` in a new tab. When a pop-up blocker stops it, an alert shows `blocked` (the page's
 * words, in the page's language: the script has none of its own) and the address.
 */
export const popup = {
  button: ({ url, blocked }: { url: string; blocked: string }) =>
    ({ "data-popup-url": url, "data-popup-blocked": blocked }) satisfies Written<"popup">,
};

/** Photos: when the image in the box cannot load, the script marks the box data-broken and its styles show a placeholder. */
export const photo = {
  box: () => ({ "data-photo": "" }) satisfies Written<"photo">,
};

/** Photo after photo in native dialogs (the gallery's lightbox). */
export const dialogSteps = {
  /**
   * A previous or next button in an open dialog: besides its `commandfor`, which names the dialog to open, it closes
   * this one; the arrow keys and a swipe press it.
   */
  step: (which: "previous" | "next") => ({ "data-dialog-step": which }) satisfies Written<"dialogSteps">,
  /** An element a click on which (not on what it holds) closes its dialog: the dark area around a photo. */
  closeOnClick: () => ({ "data-close-on-click": "" }) satisfies Written<"dialogSteps">,
};

export type AuthMode = "signin" | "signup";
/** The elements whose words the script switches: each says which of its mode's words it shows. */
export type AuthDialogText = "title" | "subtitle" | "submit" | "prompt" | "toggle";
/** One mode's words and settings, as the script switches to them. */
export type AuthModeTexts = Record<AuthDialogText, string> & { action: string; busy: string; passwordAutoComplete: string };

/**
 * What the sign-in dialog of pages without React clears when it switches modes or closes: the values people typed
 * into text-like inputs, and choices, which it unticks. A choice's value is what the form sends and is never blanked
 * (blanking the radios' made every first sign-up fail); hidden inputs and every other control keep theirs.
 * page-behaviours.js holds the same two lists (the test keeps them equal).
 */
export const AUTH_DIALOG_CLEARS = {
  values: ["text", "email", "tel", "password", "date"],
  unticks: ["radio", "checkbox"],
} as const satisfies {
  values: readonly ("text" | "email" | "tel" | "password" | "date" | "url" | "search" | "number")[];
  unticks: readonly ("radio" | "checkbox")[];
};

/**
 * The sign-in dialog of pages without React (app/components/document-auth-dialog.tsx). Its toggle switches sign-in
 * and sign-up in place: the words, the sign-up-only fields, the forms' targets; switching and closing clear the
 * fields (AUTH_DIALOG_CLEARS) and the error messages (`errorMessage`). Without the script the toggle is a plain form
 * to the other mode's page.
 */
export const authDialog = {
  /** `openOnLoad`: the server sent it open (after a refusal); the script makes it modal and focuses the field to correct. */
  dialog: ({
    mode,
    texts,
    describedBy,
    openOnLoad,
  }: {
    mode: AuthMode;
    texts: Record<AuthMode, AuthModeTexts>;
    describedBy: string;
    openOnLoad: boolean;
  }) =>
    ({
      "data-mode": mode,
      "data-texts": JSON.stringify(texts),
      // The dialog's description without a refusal's message, as switching or closing leaves it.
      "data-describedby": describedBy,
      "data-open-on-load": flag(openOnLoad),
    }) satisfies Written<"authDialog">,
  text: (which: AuthDialogText) => ({ "data-text": which }) satisfies Written<"authDialog">,
  /** A fieldset shown (and sent) in sign-up only. */
  signupOnly: () => ({ "data-signup-only": "" }) satisfies Written<"authDialog">,
  /** The form around the toggle: its target is the other mode's page. */
  toggleForm: () => ({ "data-auth-toggle-form": "" }) satisfies Written<"authDialog">,
  toggle: () => ({ "data-auth-toggle": "" }) satisfies Written<"authDialog">,
};

/** Error messages beside a field or over a form: the sign-in dialog removes them when it switches modes or closes. */
export const errorMessage = {
  field: () => ({ "data-field-error": "" }) satisfies Written<"errorMessage">,
  form: () => ({ "data-form-error": "" }) satisfies Written<"errorMessage">,
};

/**
 * Busy forms: while the page is sent, the submit button says `label` (the page's words) and the form cannot be used
 * again; the Back button brings it back as it was.
 */
export const busy = {
  button: (label: string) => ({ "data-busy-label": label }) satisfies Written<"busy">,
};

/** Notices sent with a page (after a redirect): the dismiss button closes it, and it goes by itself after a while. */
export const notice = {
  box: () => ({ "data-notice": "" }) satisfies Written<"notice">,
  dismiss: () => ({ "data-dismiss": "" }) satisfies Written<"notice">,
};

/**
 * The offer of the other language (issue 27): rendered hidden on English pages for visitors; shown when the browser's
 * first language is the one offered and this device never chose one (no nlte-lang cookie). Never a redirect.
 */
export const languageOffer = {
  box: (locale: "es") => ({ "data-language-offer": locale, hidden: true }) satisfies Written<"languageOffer"> & HTMLAttributes<HTMLElement>,
};
