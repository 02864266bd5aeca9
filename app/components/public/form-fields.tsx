// Moved to the site's one field kit, app/components/ui/field.tsx (issue 38, docs/decisions/0078). This name stays only
// for the pages still being moved by others today; import from ~/components/ui/field.
export { SelectField, TextAreaField } from "~/components/ui/field";
