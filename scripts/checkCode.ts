// `npm test`'s first lane: TypeScript's type check (`npm run typecheck`) and ESLint
// (`npm run lint`) on one TypeScript program. ESLint's type-aware rules ask the same questions of
// the same program that `tsc --noEmit` answers; given the program the type check built
// (typescript-eslint's `parserOptions.programs`), they read the types it already worked out
// instead of building and checking the whole program a second time. The two scripts stay for one
// check at a time, and editors keep the project service `eslint.config.js` sets.
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const configFile = path.join(root, 'tsconfig.json');

const config = ts.getParsedCommandLineOfConfigFile(configFile, undefined, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  },
});
if (config === undefined) throw new Error(`${configFile} could not be read`);

const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences });
const diagnostics = [...config.errors, ...ts.getPreEmitDiagnostics(program)];
const host: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};
if (diagnostics.length > 0) {
  const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
  process.stdout.write(format(diagnostics, host));
}
console.log(`typecheck: ${String(diagnostics.length)} errors in ${String(config.fileNames.length)} files`);

// A file ESLint lints that tsconfig.json does not include fails as a parsing error naming it,
// so nothing is linted without its types.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, programs: [program] } } },
});
const results = await eslint.lintFiles(['.']);
const errors = results.reduce((sum, result) => sum + result.errorCount, 0);
const warnings = results.reduce((sum, result) => sum + result.warningCount, 0);
const formatter = await eslint.loadFormatter('stylish');
const report = await formatter.format(results);
if (report !== '') process.stdout.write(report);
// As `eslint --max-warnings=0`: a warning fails too.
console.log(`lint: ${String(errors)} errors, ${String(warnings)} warnings in ${String(results.length)} files`);

if (diagnostics.length > 0 || errors > 0 || warnings > 0) process.exitCode = 1;
