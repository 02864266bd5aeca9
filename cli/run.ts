// How every operator command ends: exit code 0 when it worked, otherwise one "Error: …" line and exit code 1.
export function runCli(
  main: (argv: string[]) => Promise<void>,
  describe: (err: unknown) => string = (err) => (err instanceof Error ? err.message : String(err)),
) {
  main(process.argv.slice(2)).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(`Error: ${describe(err)}`);
      process.exit(1);
    },
  );
}
