import { describe, expect, it } from "vitest";
import { message } from "~/i18n/language";
import { compactMessageModule } from "./paraglide";

// Three modules as Paraglide 2.25.4 compiles them for a production build (message-modules): words alone,
// words with an input, and a plural.
const COMPILED: Record<string, string> = {
  account_kind_question:
    '/* eslint-disable */\nimport { getLocale, experimentalStaticLocale } from \'../runtime.js\';\n\n/** @typedef {import(\'../runtime.js\').LocalizedString} LocalizedString */\n\n/** @typedef {{}} Account_Kind_QuestionInputs */\n\nconst en_account_kind_question = /** @type {(inputs: Account_Kind_QuestionInputs) => LocalizedString} */ () => {\n\treturn /** @type {LocalizedString} */ (`Who are you?`)\n};\n\nconst es_account_kind_question = /** @type {(inputs: Account_Kind_QuestionInputs) => LocalizedString} */ () => {\n\treturn /** @type {LocalizedString} */ (`¿Quién es usted?`)\n};\n\n/**\n* | output |\n* | --- |\n* | "Who are you?" |\n*\n* @param {Account_Kind_QuestionInputs} inputs\n* @param {{ locale?: "en" | "es" }} options\n* @returns {LocalizedString}\n*/\nexport const account_kind_question = /** @type {((inputs?: Account_Kind_QuestionInputs, options?: { locale?: "en" | "es" }) => LocalizedString) & import(\'../runtime.js\').MessageMetadata<Account_Kind_QuestionInputs, { locale?: "en" | "es" }, {}>} */ ((inputs = {}, options = {}) => {\n\tconst locale = experimentalStaticLocale ?? options.locale ?? getLocale()\n\tif (locale === "es") return es_account_kind_question(inputs)\n\treturn en_account_kind_question(inputs)\n});',
  account_demographics_save:
    '/* eslint-disable */\nimport { getLocale, experimentalStaticLocale } from \'../runtime.js\';\n\n/** @typedef {import(\'../runtime.js\').LocalizedString} LocalizedString */\n\n/** @typedef {{ name: NonNullable<unknown> }} Account_Demographics_SaveInputs */\n\nconst en_account_demographics_save = /** @type {(inputs: Account_Demographics_SaveInputs) => LocalizedString} */ (i) => {\n\treturn /** @type {LocalizedString} */ (`Save answers for ${i?.name}`)\n};\n\nconst es_account_demographics_save = /** @type {(inputs: Account_Demographics_SaveInputs) => LocalizedString} */ (i) => {\n\treturn /** @type {LocalizedString} */ (`Guardar las respuestas de ${i?.name}`)\n};\n\n/**\n* | output |\n* | --- |\n* | "Save answers for {name}" |\n*\n* @param {Account_Demographics_SaveInputs} inputs\n* @param {{ locale?: "en" | "es" }} options\n* @returns {LocalizedString}\n*/\nexport const account_demographics_save = /** @type {((inputs: Account_Demographics_SaveInputs, options?: { locale?: "en" | "es" }) => LocalizedString) & import(\'../runtime.js\').MessageMetadata<Account_Demographics_SaveInputs, { locale?: "en" | "es" }, {}>} */ ((inputs, options = {}) => {\n\tconst locale = experimentalStaticLocale ?? options.locale ?? getLocale()\n\tif (locale === "es") return es_account_demographics_save(inputs)\n\treturn en_account_demographics_save(inputs)\n});',
  account_error_too_many_signins:
    '/* eslint-disable */\nimport * as registry from \'../registry.js\'\nimport { getLocale, experimentalStaticLocale } from \'../runtime.js\';\n\n/** @typedef {import(\'../runtime.js\').LocalizedString} LocalizedString */\n\n/** @typedef {{ minutes: NonNullable<unknown> }} Account_Error_Too_Many_SigninsInputs */\n\nconst en_account_error_too_many_signins = /** @type {(inputs: Account_Error_Too_Many_SigninsInputs) => LocalizedString} */ (i) => {const minutesPlural = registry.plural("en", i?.minutes, {});\n\tif (minutesPlural === "one") return /** @type {LocalizedString} */ (`Too many sign-in attempts. Please wait ${i?.minutes} minute and try again, or reset your password with "Forgot your password?".`);\n\tif (minutesPlural === "other") return /** @type {LocalizedString} */ (`Too many sign-in attempts. Please wait ${i?.minutes} minutes and try again, or reset your password with "Forgot your password?".`);\n\treturn /** @type {LocalizedString} */ ("account_error_too_many_signins");\n};\n\nconst es_account_error_too_many_signins = /** @type {(inputs: Account_Error_Too_Many_SigninsInputs) => LocalizedString} */ (i) => {const minutesPlural = registry.plural("es", i?.minutes, {});\n\tif (minutesPlural === "one") return /** @type {LocalizedString} */ (`Hubo demasiados intentos de iniciar sesión. Espere ${i?.minutes} minuto y vuelva a intentarlo, o cambie su contraseña con “¿Olvidó su contraseña?”.`);\n\tif (minutesPlural === "other") return /** @type {LocalizedString} */ (`Hubo demasiados intentos de iniciar sesión. Espere ${i?.minutes} minutos y vuelva a intentarlo, o cambie su contraseña con “¿Olvidó su contraseña?”.`);\n\treturn /** @type {LocalizedString} */ ("account_error_too_many_signins");\n};\n\n/**\n* | minutesPlural | output |\n* | --- | --- |\n* | "one" | "Too many sign-in attempts. Please wait {minutes} minute and try again, or reset your password with \\"Forgot your password?\\"." |\n* | "other" | "Too many sign-in attempts. Please wait {minutes} minutes and try again, or reset your password with \\"Forgot your password?\\"." |\n*\n* @param {Account_Error_Too_Many_SigninsInputs} inputs\n* @param {{ locale?: "en" | "es" }} options\n* @returns {LocalizedString}\n*/\nexport const account_error_too_many_signins = /** @type {((inputs: Account_Error_Too_Many_SigninsInputs, options?: { locale?: "en" | "es" }) => LocalizedString) & import(\'../runtime.js\').MessageMetadata<Account_Error_Too_Many_SigninsInputs, { locale?: "en" | "es" }, {}>} */ ((inputs, options = {}) => {\n\tconst locale = experimentalStaticLocale ?? options.locale ?? getLocale()\n\tif (locale === "es") return es_account_error_too_many_signins(inputs)\n\treturn en_account_error_too_many_signins(inputs)\n});',
};

/** A module run as the browser would, its imports given: the catalog runtime's language, the plural rules, message. */
function run(source: string, name: string) {
  const body = source.replace(/^import .*$/gm, "").replace(new RegExp(`^export const ${name} = `, "m"), "return ");
  const registry = { plural: (locale: string, n: unknown) => new Intl.PluralRules(locale).select(Number(n)) };
  return new Function("getLocale", "experimentalStaticLocale", "registry", "message", body)(() => "en", undefined, registry, message) as (
    inputs?: Record<string, unknown>,
    options?: { locale?: "en" | "es" },
  ) => string;
}

describe("compactMessageModule", () => {
  it("writes each message as its two sets of words, answering what Paraglide's module answers", () => {
    const inputs = [{}, { name: "Ana" }, { minutes: 1 }, { minutes: 5 }];
    for (const [name, source] of Object.entries(COMPILED)) {
      const file = `/site/app/paraglide/messages/${name}.js`;
      const compact = compactMessageModule(source, file)!;
      expect(compact).toContain("message(");
      expect(compact).not.toContain("en_");
      const [before, after] = [run(source, name), run(compact, name)];
      for (const locale of ["en", "es"] as const) for (const input of inputs) expect(after(input, { locale })).toBe(before(input, { locale }));
      expect(after()).toBe(before());
    }
    expect(
      run(compactMessageModule(COMPILED.account_kind_question!, "/site/app/paraglide/messages/account_kind_question.js")!, "account_kind_question")(
        {},
        { locale: "es" },
      ),
    ).toBe("¿Quién es usted?");
  });

  it("leaves a module of another shape as Paraglide wrote it", () => {
    expect(compactMessageModule('export const x = () => "x";\n', "/site/app/paraglide/messages/x.js")).toBeNull();
  });
});
