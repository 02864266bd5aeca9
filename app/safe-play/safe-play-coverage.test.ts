// Adding a family action to the site without modelling it fails here (issue 37): the site's household, invitation,
// confirmation, protection and kept-request actions, listed from the code, are each either played by the Safe Play
// model (tests/safe-play-model/model.ts) or named in coverage.ts with the reason it needs no model.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ACTIONS, modelledCovers } from "../../tests/safe-play-model/model";
import { FAMILY_MODULES, FAMILY_ROUTES, NOT_MODELLED, siteIntents } from "../../tests/safe-play-model/coverage";

async function siteActions() {
  const names = new Set<string>(siteIntents());
  for (const load of Object.values(FAMILY_MODULES))
    for (const [name, value] of Object.entries(await load())) if (typeof value === "function") names.add(name);
  for (const [route, { file, intents, always }] of Object.entries(FAMILY_ROUTES)) {
    for (const match of fs.readFileSync(file, "utf8").matchAll(intents)) names.add(`route:${route}#${match[1]}`);
    for (const intent of always ?? []) names.add(`route:${route}#${intent}`);
  }
  return names;
}

describe("the Safe Play model covers every family action of the site", () => {
  it("finds the site's actions where it looks for them (the lists are not empty by mistake)", async () => {
    const names = await siteActions();
    for (const known of [
      "intent:edit-athlete",
      "acceptInvitation",
      "confirmPeople",
      "route:safeguarding#approve",
      "route:families.$householdId#unlink",
    ])
      expect(names).toContain(known);
  });

  const unmodelled = (names: Set<string>) => {
    const covered = modelledCovers();
    return [...names].filter((name) => !covered.has(name) && !(name in NOT_MODELLED)).sort();
  };

  it("models or explains each one", async () => {
    expect(
      unmodelled(await siteActions()),
      "site actions neither modelled (model.ts ACTIONS covers) nor explained (coverage.ts NOT_MODELLED)",
    ).toEqual([]);
  });

  it("would name an action added to the site without a model", async () => {
    const names = await siteActions();
    names.add("inviteTheWholeTeam");
    names.add("route:safeguarding#merge-families");
    expect(unmodelled(names)).toEqual(["inviteTheWholeTeam", "route:safeguarding#merge-families"]);
  });

  it("names every modelled action once, with what it stands for", () => {
    const names = ACTIONS.map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
    for (const a of ACTIONS) expect(a.covers.length, a.name).toBeGreaterThan(0);
  });
});
