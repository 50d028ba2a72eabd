// Prints where each `payments-kit/…` named on the command line resolves from inside the
// repository: test/scripts/kitEntries.node.test.ts runs it under tsx as package.json's scripts do.
for (const specifier of process.argv.slice(2)) console.log(import.meta.resolve(specifier));
