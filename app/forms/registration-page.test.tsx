// The registration form's answer to a visitor (issue 41, decision 0075's addendum): a request for a place kept 30 days
// says that a request for financial help asked with it is kept with it, in English and in Spanish; without the ask it
// says nothing of help.
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { localeStore } from "../../tests/support/locale-store";
import { SessionAnswer } from "./registration-page";

const render = (locale: "en" | "es", answer: Record<string, string>) => {
  const Stub = createRoutesStub([{ path: "/", Component: () => <SessionAnswer answer={answer} /> }]);
  return localeStore()
    .run(locale, () => renderToString(<Stub initialEntries={["/"]} />))
    .replaceAll("<!-- -->", "");
};

describe("a visitor's kept request", () => {
  it("says the request for help is kept with it, in the reader's language", () => {
    const answer = { outcome: "kept", session: "Regform Clinic", help: "kept" };
    const en = render("en", answer);
    expect(en).toContain("We keep your request for a place in Regform Clinic for 30 days.");
    expect(en).toContain(
      "Your request for financial help is kept with it: when you keep the request on your account, it goes to our staff, and nothing is due until they answer.",
    );
    const es = render("es", answer);
    expect(es).toContain("Guardamos su solicitud de una plaza en Regform Clinic durante 30 días.");
    expect(es).toContain("Su solicitud de ayuda económica se guarda con ella");
  });

  it("says nothing of help when none was asked", () => {
    const en = render("en", { outcome: "kept", session: "Regform Clinic" });
    expect(en).toContain("We keep your request for a place in Regform Clinic for 30 days.");
    expect(en).not.toContain("financial help");
    expect(render("es", { outcome: "kept", session: "Regform Clinic" })).not.toContain("ayuda económica");
  });
});
