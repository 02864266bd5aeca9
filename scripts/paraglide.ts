import { paraglideVitePlugin } from "@inlang/paraglide-js";
/** The language catalog (messages/*.json) compiled into one function a message (decision 0027). */
export const paraglide = () =>
  paraglideVitePlugin({
    project: "./project.inlang",
    outdir: "./app/paraglide",
    // The language is read from the path by app/i18n/locale.ts on both sides; the runtime's own strategies stay unused.
    strategy: ["baseLocale"],
    emitTsDeclarations: true,
    // Files are overwritten in place rather than the folder emptied first: every Vitest and Vite process compiles the
    // catalog when it starts, and one emptying the folder broke another's build or test run started at that moment.
    cleanOutdir: false,
  });
