import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Checkbox, Input, Radio, Select, TextArea } from "./controls";
import { Field, SelectField, TextAreaField } from "./field";

/** The attributes of the one element named `tag` in the markup. */
function attributesOf(html: string, tag: string) {
  const open = html.match(new RegExp(`<${tag}\\b[^>]*>`))?.[0];
  if (!open) throw new Error(`no <${tag}> in ${html}`);
  return Object.fromEntries([...open.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
}

describe("the field kit", () => {
  it("ties a field's label to its control, and its message to it with aria-describedby and aria-invalid", () => {
    for (const field of [
      <Field key="f" label="Title" name="title" error="Give it a title." />,
      <SelectField key="s" label="Kind" name="kind" options={[{ value: "a", label: "A" }]} error="Choose a kind." />,
      <TextAreaField key="t" label="Message" name="message" error="Write a message." />,
    ]) {
      const html = renderToString(field);
      const tag = html.includes("<select") ? "select" : html.includes("<textarea") ? "textarea" : "input";
      const control = attributesOf(html, tag);
      expect(attributesOf(html, "label").for).toBe(control.id);
      expect(control["aria-invalid"]).toBe("true");
      expect(attributesOf(html, "p").id).toBe(control["aria-describedby"]);
      expect(html).toMatch(/<p [^>]*>(Give it a title|Choose a kind|Write a message)\.<\/p>/);
    }
  });

  it("uses the id a page gives a field, for the control, its label and its message", () => {
    for (const field of [
      <Field key="f" id="given-title" label="Title" name="title" error="Give it a title." />,
      <SelectField key="s" id="given-kind" label="Kind" name="kind" options={[{ value: "a", label: "A" }]} error="Choose a kind." />,
      <TextAreaField key="t" id="given-message" label="Message" name="message" error="Write a message." />,
    ]) {
      const html = renderToString(field);
      const tag = html.includes("<select") ? "select" : html.includes("<textarea") ? "textarea" : "input";
      const control = attributesOf(html, tag);
      expect(control.id).toMatch(/^given-/);
      expect(attributesOf(html, "label").for).toBe(control.id);
      expect(control["aria-describedby"]).toBe(`${control.id}-error`);
      expect(attributesOf(html, "p").id).toBe(`${control.id}-error`);
    }
  });

  it("says nothing is wrong when there is no message", () => {
    const html = renderToString(<Field label="Title" name="title" />);
    expect(attributesOf(html, "input")["aria-invalid"]).toBeUndefined();
    expect(attributesOf(html, "input")["aria-describedby"]).toBeUndefined();
    expect(html).not.toContain("<p");
  });

  it("draws every control one way, a page's classes added for layout", () => {
    const box = attributesOf(renderToString(<Input name="q" className="w-full" />), "input").class!;
    expect(box).toContain("border-slate-500");
    expect(box).toContain("aria-invalid:border-red-700");
    expect(box).toMatch(/ w-full$/);
    expect(attributesOf(renderToString(<Select name="k" />), "select").class).toContain("border-slate-500");
    expect(attributesOf(renderToString(<TextArea name="t" />), "textarea").class).toContain("border-slate-500");
    expect(attributesOf(renderToString(<Input name="q" spacing="icon" />), "input").class).toContain("pl-9");
    const tick = attributesOf(renderToString(<Checkbox name="all" value="yes" />), "input");
    expect(tick).toMatchObject({ type: "checkbox", name: "all", value: "yes" });
    expect(tick.class).toContain("accent-court-700");
    expect(attributesOf(renderToString(<Radio name="as" value="new" />), "input")).toMatchObject({ type: "radio", value: "new" });
  });
});
