// @ts-check
// The site's few page behaviours, as one small script that every page loads: the content pages visitors read run
// no React at all (app/lib/page-mode.ts), and pages that do run React use this same code, so each behaviour has
// one implementation. Everything is delegated from `document` and driven by data attributes, so markup React
// renders later (after a client-side navigation) works too. React renders these attributes once and never changes
// them; only this script does. On pages that run React it changes attributes only,
// never text: it may run before React starts, and a text React did not render would make React throw the page's
// markup away. (The sign-in dialog's words change only on pages without React, the one place it exists.) Every
// word it shows comes from the page (a data attribute or an element), never from here: the site speaks more than one
// language and this script carries none.
// Each behaviour and the data attributes it reads and sets are declared in app/lib/page-behaviours-contract.ts, which
// components use to write them; its test fails when this script reads a name the contract does not declare.
(() => {
  if (/** @type {any} */ (window).__siteBehaviours) return;
  /** @type {any} */ (window).__siteBehaviours = true;

  /** @param {EventTarget | null} t @param {string} selector */
  const closest = (t, selector) => (t instanceof Element ? t.closest(selector) : null);

  // ---- Disclosure menus: a [data-disclosure-button] shows and hides the [data-disclosure-panel] its
  // aria-controls names. Options on the [data-disclosure] box around the button (and usually the panel):
  // data-hover="150": opens while the mouse is over the box and closes that many milliseconds after it leaves.
  // data-arrow-keys: ArrowDown on the button opens the menu and moves to its first link; arrows move between links.
  // data-close-on-blur: closes when focus leaves the box. Escape, a click elsewhere, or on a link in it close it.
  // data-lock-scroll on the panel: while it is open the page behind it does not scroll (the phone menu).
  /** @type {WeakMap<Element, ReturnType<typeof setTimeout>>} */
  const closeTimers = new WeakMap();

  /** @param {Element} button */
  const panelOf = (button) => document.getElementById(button.getAttribute("aria-controls") ?? "");
  /** @param {Element} button */
  const boxOf = (button) => button.closest("[data-disclosure]");
  /** @param {Element} button @param {unknown} node */
  const within = (button, node) =>
    node instanceof Node && (button.contains(node) || !!boxOf(button)?.contains(node) || !!panelOf(button)?.contains(node));
  /** The menu button an event belongs to, from the button, its panel or its box. @param {EventTarget | null} t */
  const buttonFor = (t) => {
    const button = closest(t, "[data-disclosure-button]");
    if (button) return button;
    const panel = closest(t, "[data-disclosure-panel]");
    if (panel) return document.querySelector(`[data-disclosure-button][aria-controls="${panel.id}"]`);
    return closest(t, "[data-disclosure]")?.querySelector("[data-disclosure-button]") ?? null;
  };
  // A mouse opens a hover menu on its way to the button; the click that follows must not shut it again.
  /** @type {WeakSet<Element>} */
  const openedByHover = new WeakSet();
  const isOpen = (/** @type {Element} */ button) => button.getAttribute("aria-expanded") === "true";
  const cancelClose = (/** @type {Element} */ button) => {
    const timer = closeTimers.get(button);
    if (timer) clearTimeout(timer);
    closeTimers.delete(button);
  };
  /** @param {Element} button @param {boolean} open */
  const setOpen = (button, open) => {
    const panel = panelOf(button);
    if (!panel) return;
    cancelClose(button);
    if (!open) openedByHover.delete(button);
    button.setAttribute("aria-expanded", String(open));
    panel.hidden = !open;
    if (panel.hasAttribute("data-lock-scroll")) document.documentElement.toggleAttribute("data-scroll-locked", open);
  };
  const closeAll = (/** @type {Element | null} */ except) => {
    for (const b of document.querySelectorAll("[data-disclosure-button]")) if (b !== except && isOpen(b)) setOpen(b, false);
  };
  const links = (/** @type {Element} */ button) => Array.from(panelOf(button)?.querySelectorAll("a") ?? []);

  document.addEventListener("click", (e) => {
    const button = closest(e.target, "[data-disclosure-button]");
    if (button) {
      closeAll(button);
      if (openedByHover.has(button) && isOpen(button)) openedByHover.delete(button);
      else setOpen(button, !isOpen(button));
    } else if (closest(e.target, "[data-disclosure-panel] a")) {
      // Following a link in a menu (the page may change without a reload) closes it.
      closeAll(null);
    }
  });
  document.addEventListener("pointerdown", (e) => {
    const button = buttonFor(e.target);
    closeAll(button && within(button, e.target) ? button : null);
  });
  document.addEventListener("pointerover", (e) => {
    if (/** @type {PointerEvent} */ (e).pointerType !== "mouse") return;
    const box = closest(e.target, "[data-disclosure][data-hover]");
    const button = box?.querySelector("[data-disclosure-button]");
    if (!button) return;
    if (isOpen(button)) cancelClose(button);
    else {
      setOpen(button, true);
      openedByHover.add(button);
    }
  });
  document.addEventListener("pointerout", (e) => {
    const pe = /** @type {PointerEvent} */ (e);
    if (pe.pointerType !== "mouse") return;
    const box = closest(pe.target, "[data-disclosure][data-hover]");
    const button = box?.querySelector("[data-disclosure-button]");
    if (!box || !button || !isOpen(button) || (pe.relatedTarget instanceof Node && box.contains(pe.relatedTarget))) return;
    cancelClose(button);
    closeTimers.set(
      button,
      setTimeout(() => setOpen(button, false), Number(box.getAttribute("data-hover")) || 0),
    );
  });
  // Focus coming into a menu the mouse just left keeps it open.
  document.addEventListener("focusin", (e) => {
    const button = buttonFor(e.target);
    if (button && isOpen(button)) cancelClose(button);
  });
  document.addEventListener("focusout", (e) => {
    const button = buttonFor(e.target);
    if (!button || !isOpen(button) || !boxOf(button)?.hasAttribute("data-close-on-blur")) return;
    if (!within(button, /** @type {FocusEvent} */ (e).relatedTarget)) setOpen(button, false);
  });
  document.addEventListener("keydown", (e) => {
    const button = buttonFor(e.target);
    if (!(button instanceof HTMLElement)) return;
    if (e.key === "Escape" && isOpen(button)) {
      e.preventDefault();
      setOpen(button, false);
      button.focus();
      return;
    }
    if (!boxOf(button)?.hasAttribute("data-arrow-keys") || (e.key !== "ArrowDown" && e.key !== "ArrowUp")) return;
    const items = links(button);
    if (!items.length) return;
    e.preventDefault();
    if (e.target === button) {
      setOpen(button, true);
      items[0]?.focus();
      return;
    }
    const i = items.indexOf(/** @type {HTMLAnchorElement} */ (document.activeElement));
    items[(i + (e.key === "ArrowDown" ? 1 : -1) + items.length) % items.length]?.focus();
  });
  // Back and forward buttons change the page without a click on a link.
  window.addEventListener("popstate", () => closeAll(null));

  // ---- Copy buttons: [data-copy] copies its value and marks its [data-copy-box] data-copied (or data-copy-failed);
  // the styles show the confirmation that box holds. Only attributes change: React owns every text. ----
  /** @type {WeakMap<Element, ReturnType<typeof setTimeout>>} */
  const copyTimers = new WeakMap();
  document.addEventListener("click", async (e) => {
    const button = /** @type {HTMLElement | null} */ (closest(e.target, "[data-copy]"));
    if (!button) return;
    const box = button.closest("[data-copy-box]") ?? button;
    clearTimeout(copyTimers.get(box));
    box.removeAttribute("data-copied");
    box.removeAttribute("data-copy-failed");
    let state = "data-copied";
    try {
      await navigator.clipboard.writeText(button.dataset.copy ?? "");
    } catch {
      state = "data-copy-failed";
    }
    // In the next frame, so a second copy shows (and is announced) again.
    requestAnimationFrame(() => box.setAttribute(state, ""));
    if (state === "data-copied")
      copyTimers.set(
        box,
        setTimeout(() => box.removeAttribute("data-copied"), 4000),
      );
  });

  // ---- Pop-up buttons: [data-popup-url] opens it in a new tab, or alerts when a pop-up blocker stops it. ----
  document.addEventListener("click", (e) => {
    const button = /** @type {HTMLElement | null} */ (closest(e.target, "[data-popup-url]"));
    if (!button) return;
    const url = button.dataset.popupUrl ?? "";
    const win = window.open(url, "_blank");
    if (!win || win.closed) {
      window.alert(`${button.dataset.popupBlocked ?? ""}\n${url}`);
      return;
    }
    win.opener = null;
  });

  // ---- Photos: an image that cannot load is replaced by the placeholder its [data-photo] box holds. ----
  const markBroken = (/** @type {Element} */ img) => img.closest("[data-photo]")?.setAttribute("data-broken", "");
  document.addEventListener(
    "error",
    (e) => {
      if (e.target instanceof HTMLImageElement && e.target.matches("[data-photo] img")) markBroken(e.target);
    },
    true,
  );
  // Images that failed before this script ran.
  for (const img of document.querySelectorAll("[data-photo] img")) {
    if (img instanceof HTMLImageElement && img.complete && img.naturalWidth === 0) markBroken(img);
  }

  // ---- Dialogs: buttons open them with the native commandfor/command attributes; `closedby="any"` lets a
  // click on the backdrop close them. For browsers without those, the same here. ----
  if (!("command" in HTMLButtonElement.prototype)) {
    document.addEventListener("click", (e) => {
      if (e.defaultPrevented) return;
      const button = closest(e.target, "button[commandfor]");
      const dialog = button && document.getElementById(button.getAttribute("commandfor") ?? "");
      if (!(dialog instanceof HTMLDialogElement)) return;
      const command = button.getAttribute("command");
      if (command === "show-modal" && !dialog.open) dialog.showModal();
      else if (command === "close" || command === "request-close") dialog.close();
    });
  }
  // ---- Photo after photo: a [data-dialog-step] button in an open dialog closes it and opens the dialog it names
  // (without this script it opens that one over this one). ArrowLeft / ArrowRight and a swipe press the dialog's
  // previous / next buttons ([data-dialog-step="previous" | "next"]). When the last one closes, focus goes back to the
  // grid's button of the photo shown last.
  /** @param {HTMLButtonElement} button */
  const step = (button) => {
    const from = button.closest("dialog");
    const to = document.getElementById(button.getAttribute("commandfor") ?? "");
    if (!(from instanceof HTMLDialogElement) || !(to instanceof HTMLDialogElement)) return;
    from.close();
    /** @type {HTMLElement | null} */ (document.querySelector(`button[commandfor="${to.id}"]:not([data-dialog-step])`))?.focus();
    to.showModal();
    /** @type {HTMLElement | null} */ (to.querySelector(`[data-dialog-step="${button.dataset.dialogStep}"]`))?.focus();
  };
  document.addEventListener(
    "click",
    (e) => {
      const button = closest(e.target, "button[data-dialog-step]");
      if (!(button instanceof HTMLButtonElement)) return;
      e.preventDefault();
      step(button);
    },
    true,
  );
  /** The open dialog's previous or next button. @param {"previous" | "next"} which */
  const stepButton = (which) => document.querySelector(`dialog[open] button[data-dialog-step="${which}"]`);
  document.addEventListener("keydown", (e) => {
    const which = e.key === "ArrowLeft" ? "previous" : e.key === "ArrowRight" ? "next" : null;
    const button = which && stepButton(which);
    if (button instanceof HTMLButtonElement) {
      e.preventDefault();
      step(button);
    }
  });
  // A photo dragged with a mouse would start the browser's drag and drop instead of a swipe.
  document.addEventListener("dragstart", (e) => {
    if (closest(e.target, "dialog[open]") && stepButton("next")) e.preventDefault();
  });
  let swipeStart = /** @type {{ x: number; y: number } | null} */ (null);
  document.addEventListener("pointerdown", (e) => {
    swipeStart = closest(e.target, "dialog[open]") && stepButton("next") ? { x: e.clientX, y: e.clientY } : null;
  });
  document.addEventListener("pointerup", (e) => {
    if (!swipeStart) return;
    const dx = e.clientX - swipeStart.x;
    const dy = e.clientY - swipeStart.y;
    swipeStart = null;
    if (Math.abs(dx) < 60 || Math.abs(dy) > Math.abs(dx)) return;
    const button = stepButton(dx < 0 ? "next" : "previous");
    if (button instanceof HTMLButtonElement) step(button);
  });

  if (!("closedBy" in HTMLDialogElement.prototype)) {
    document.addEventListener("click", (e) => {
      const dialog = e.target;
      if (!(dialog instanceof HTMLDialogElement) || !dialog.open || dialog.getAttribute("closedby") !== "any") return;
      const r = dialog.getBoundingClientRect();
      const me = /** @type {MouseEvent} */ (e);
      const outside = me.clientX < r.left || me.clientX > r.right || me.clientY < r.top || me.clientY > r.bottom;
      if (outside) dialog.close();
    });
  }
  // A click on the dark area around a full-size photo (inside the dialog's box) closes it too.
  document.addEventListener("click", (e) => {
    if (e.target instanceof Element && e.target.matches("[data-close-on-click]")) e.target.closest("dialog")?.close();
  });

  // ---- The sign-in dialog of pages without React: [data-auth-toggle] switches sign-in and sign-up (the words in
  // its data-texts, the sign-up-only fields, the forms' targets) and clears the fields and errors, as closing it does.
  // Without this script the toggle is a plain link-like form to the other mode's page. After a refusal the server
  // sends the dialog open (data-open-on-load).
  /** Ends a form's busy state (see Forms below). @param {ParentNode} root */
  const resetBusy = (root) => {
    for (const button of root.querySelectorAll("button[data-idle-label]")) {
      button.textContent = button.getAttribute("data-idle-label");
      button.removeAttribute("data-idle-label");
      /** @type {HTMLButtonElement} */ (button).disabled = false;
    }
    for (const form of root.querySelectorAll("form[aria-busy]")) {
      form.removeAttribute("aria-busy");
      /** @type {HTMLFormElement} */ (form).inert = false;
    }
  };
  // The inputs whose values it clears, and those it unticks: AUTH_DIALOG_CLEARS in page-behaviours-contract.ts (its
  // test holds the two equal). Hidden inputs and every other control keep their values.
  const CLEARED_VALUES = ["text", "email", "tel", "password", "date"];
  const UNTICKED = ["radio", "checkbox"];
  /** @param {HTMLDialogElement} dialog @param {"signin" | "signup"} mode */
  const setAuthMode = (dialog, mode) => {
    const all = JSON.parse(dialog.dataset.texts ?? "{}");
    const texts = all[mode];
    if (!texts) return;
    resetBusy(dialog);
    dialog.dataset.mode = mode;
    for (const el of dialog.querySelectorAll("[data-text]")) el.textContent = texts[el.getAttribute("data-text") ?? ""] ?? "";
    const form = dialog.querySelector("form[method=post]");
    if (form instanceof HTMLFormElement) form.action = texts.action;
    const toggle = dialog.querySelector("form[data-auth-toggle-form]");
    if (toggle instanceof HTMLFormElement) toggle.action = all[mode === "signup" ? "signin" : "signup"]?.action ?? "";
    dialog.querySelector("button[data-busy-label]")?.setAttribute("data-busy-label", texts.busy);
    dialog.querySelector("input[name=password]")?.setAttribute("autocomplete", texts.passwordAutoComplete);
    for (const group of dialog.querySelectorAll("fieldset[data-signup-only]")) {
      /** @type {HTMLFieldSetElement} */ (group).hidden = mode !== "signup";
      /** @type {HTMLFieldSetElement} */ (group).disabled = mode !== "signup";
    }
    for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (dialog.querySelectorAll("input:not([type=hidden])"))) {
      // Only the values people type. A choice is cleared by unticking it: its value is what the form sends (blanking
      // it made every first sign-up fail with "Please choose whether you are a parent or guardian or a student-athlete.").
      if (CLEARED_VALUES.includes(input.type)) input.value = "";
      else if (UNTICKED.includes(input.type)) input.checked = false;
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
    for (const error of dialog.querySelectorAll("[data-field-error], [data-form-error]")) error.remove();
    dialog.setAttribute("aria-describedby", dialog.dataset.describedby ?? "");
  };
  document.addEventListener("click", (e) => {
    const dialog = closest(e.target, "[data-auth-toggle]")?.closest("dialog");
    if (!dialog) return;
    e.preventDefault();
    setAuthMode(dialog, dialog.dataset.mode === "signup" ? "signin" : "signup");
    /** @type {HTMLElement | null} */ (dialog.querySelector("form input:not([type=hidden]):not(:disabled)"))?.focus();
  });
  document.addEventListener(
    "close",
    (e) => {
      const dialog = e.target;
      // (Not when it was closed only to be opened again as a modal, below.)
      if (!(dialog instanceof HTMLDialogElement) || !dialog.dataset.texts || dialog.open) return;
      setAuthMode(dialog, "signin");
      // Opened by the page rather than by a button, it gives focus back to the header's Sign In button.
      if (dialog.hasAttribute("data-open-on-load")) {
        dialog.removeAttribute("data-open-on-load");
        const opener = Array.from(document.querySelectorAll(`[commandfor="${dialog.id}"]`)).find((b) => b instanceof HTMLElement && b.offsetParent);
        /** @type {HTMLElement | undefined} */ (opener)?.focus();
      }
    },
    true,
  );
  for (const dialog of document.querySelectorAll("dialog[data-open-on-load]")) {
    if (!(dialog instanceof HTMLDialogElement)) continue;
    // Sent open (so it shows without any script), it becomes modal here, with the field to correct focused (or the
    // first field, after a refusal such as a wrong password, whose message the dialog's description includes).
    if (dialog.open) dialog.close();
    dialog.showModal();
    const field = dialog.querySelector("[aria-invalid=true]") ?? dialog.querySelector("form input:not([type=hidden]):not(:disabled)");
    /** @type {HTMLElement | null} */ (field)?.focus();
  }

  // ---- Forms: a submit button with data-busy-label says so while the page is sent, and the form cannot be used
  // again meanwhile. ----
  document.addEventListener("submit", (e) => {
    const button = /** @type {SubmitEvent} */ (e).submitter;
    const form = e.target;
    if (!(button instanceof HTMLButtonElement) || !button.dataset.busyLabel || !(form instanceof HTMLFormElement)) return;
    // After the browser has collected the form: disabled fields would not be sent.
    setTimeout(() => {
      button.dataset.idleLabel = button.textContent ?? "";
      button.textContent = button.dataset.busyLabel ?? "";
      button.disabled = true;
      form.setAttribute("aria-busy", "true");
      form.inert = true;
    });
  });
  // Coming back with the Back button shows the page as it was left: the form works again.
  window.addEventListener("pageshow", (e) => {
    if (e.persisted) resetBusy(document);
  });

  // ---- Notices sent with a page (after a redirect): the close button, and they go by themselves after a while,
  // but not while the pointer or the keyboard is on them. ----
  document.addEventListener("click", (e) => {
    closest(e.target, "[data-notice] [data-dismiss]")?.closest("[data-notice]")?.remove();
  });
  /** @param {Element} notice */
  const expire = (notice) => setTimeout(() => (notice.matches(":hover, :focus-within") ? expire(notice) : notice.remove()), 6000);
  for (const notice of document.querySelectorAll("[data-notice]")) expire(notice);

  // ---- The other language, offered (never imposed) to a browser whose first language it is, on a device that has
  // not chosen one yet (the nlte-lang cookie). ----
  if (!/(?:^|;\s*)nlte-lang=/.test(document.cookie)) {
    const first = (navigator.languages?.[0] ?? navigator.language ?? "").toLowerCase();
    for (const offer of document.querySelectorAll("[data-language-offer]")) {
      const locale = offer.getAttribute("data-language-offer") ?? "";
      if (locale && (first === locale || first.startsWith(`${locale}-`))) /** @type {HTMLElement} */ (offer).hidden = false;
    }
  }
})();
