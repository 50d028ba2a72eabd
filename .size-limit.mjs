// The size budgets of the kit's entries (npm run size; npm test runs them). Each limit is a budget:
// a change that needs more makes room first. Where the kit has a goal and meets it (each component
// alone 12 KB, TransactionDetail 14, the standalone file 60), the goal is the limit; elsewhere the
// limit follows the figure down as room is made. Figures and where each KB goes: docs/performance.md.
//
// A page loads the answer checker (the operations' schemas and zod, client/checkAnswer.ts) only
// for an answer no kit proxy checked: the browser entries are measured without it, as a page
// through the kit's proxy loads them, and the checker is measured apart. The standalone file
// inlines it (one file) and is measured whole. Each component is measured twice: as a page with
// react-query loads it, and with react-query bundled, as a host without it pays. The stylesheet
// is counted too: a React page loads styles.css, the elements carry it inline.

/**
 * Leaves the lazily imported answer checker out of a bundle, as a page that never needs it,
 * ConfirmIntentButton's answer view, a chunk of its own the button loads when it mounts, and
 * FlowLauncher's flow view, the chunk it loads when a flow starts, and the check of a created
 * flow's link, which `useHostedFlow` loads with each creation (all three measured apart below);
 * and the error codes' lookup, which the answer view imports lazily when it mounts (measured apart
 * below, with each language's chunk apart from it: a page loads one of the twelve).
 */
const withoutLazyChecker = (config) => ({
  ...config,
  external: [...(config.external ?? []), './checkAnswer.js', './ConfirmAnswer.js', './flowView.js', './openFlow.js', '../messages/errorCodes/loadErrorCodeMessages.js'],
});

/** The error codes' lookup without the chunk of each language it imports (measured one by one below). */
const withoutLanguageChunks = (config) => ({
  ...config,
  plugins: [
    ...(config.plugins ?? []),
    {
      name: 'language-chunks-apart',
      setup(build) {
        build.onResolve({ filter: /^\.\/\w+\.js$/ }, (args) =>
          /loadErrorCodeMessages\.[jt]s$/.test(args.importer) ? { path: args.path, external: true } : undefined);
      },
    },
  ],
});

/**
 * As a host without react-query loads a component: react-query bundled with it. size-limit
 * leaves every peer out of a bundle, so the config names what stays out.
 */
const withReactQuery = (config) => withoutLazyChecker({ ...config, external: ['react', 'react-dom'] });

export default [
  {
    "name": "payments-kit, whole browser entry (no schema library: zod is in the lazy checker)",
    "path": "dist/index.js",
    "import": "*",
    "ignore": [
      "react",
      "react-dom",
      "@tanstack/react-query"
    ],
    "limit": "24 KB",
    "gzip": true,
    "modifyEsbuildConfig": withoutLazyChecker
  },
  {
    "name": "TransactionDetail imported alone (with PaymentsProvider)",
    "path": "dist/index.js",
    "import": "{ PaymentsProvider, TransactionDetail }",
    "ignore": [
      "react",
      "react-dom",
      "@tanstack/react-query"
    ],
    "limit": "14 KB",
    "gzip": true,
    "modifyEsbuildConfig": withoutLazyChecker
  },
  {
    "name": "ConfirmIntentButton imported alone (with PaymentsProvider)",
    "path": "dist/index.js",
    "import": "{ PaymentsProvider, ConfirmIntentButton }",
    "ignore": [
      "react",
      "react-dom",
      "@tanstack/react-query"
    ],
    "limit": "12 KB",
    "gzip": true,
    "modifyEsbuildConfig": withoutLazyChecker
  },
  {
    // Loaded when the button mounts, never on a click's way: measured with what it imports, some
    // of which the button's first chunk already brought (usePaymentsUI, the client).
    "name": "ConfirmIntentButton's answer view, the chunk it loads when it mounts (with the modules it shares with the button)",
    "path": "dist/lib/components/ConfirmIntentButton/ConfirmAnswer.js",
    "import": "{ ConfirmAnswer }",
    "ignore": [
      "react",
      "react-dom",
      "@tanstack/react-query"
    ],
    "limit": "5.25 KB",
    "gzip": true,
    "modifyEsbuildConfig": withoutLazyChecker
  },
  {
    // Loaded with each flow's creation, while its request is out: measured with what it imports,
    // some of which the launcher's first chunk already brought (the message formatting).
    "name": "FlowLauncher's flow view, the chunk it loads when a flow starts (with the modules it shares with the launcher)",
    "path": "dist/lib/components/FlowLauncher/flowView.js",
    "import": "*",
    "ignore": [
      "react",
      "react-dom",
      "@tanstack/react-query"
    ],
    "limit": "1.21 KB",
    "gzip": true,
    "modifyEsbuildConfig": withoutLazyChecker
  },
  {
    // Loaded with each flow's creation, while its request is out, by useHostedFlow (FlowLauncher
    // and the hook alone alike): measured with what it imports, some of which the first chunk
    // already brought (PaymentsError).
    "name": "a created flow's link check, the chunk useHostedFlow loads when a flow starts (with the modules it shares with the launcher)",
    "path": "dist/lib/components/headless/openFlow.js",
    "import": "{ openFlow }",
    "ignore": [
      "react",
      "react-dom",
      "@tanstack/react-query"
    ],
    "limit": "1.13 KB",
    "gzip": true,
    "modifyEsbuildConfig": withoutLazyChecker
  },
  {
    "name": "FlowLauncher imported alone (with PaymentsProvider)",
    "path": "dist/index.js",
    "import": "{ PaymentsProvider, FlowLauncher }",
    "ignore": [
      "react",
      "react-dom",
      "@tanstack/react-query"
    ],
    "limit": "12 KB",
    "gzip": true,
    "modifyEsbuildConfig": withoutLazyChecker
  },
  {
    "name": "VolumeCard imported alone (with PaymentsProvider)",
    "path": "dist/index.js",
    "import": "{ PaymentsProvider, VolumeCard }",
    "ignore": [
      "react",
      "react-dom",
      "@tanstack/react-query"
    ],
    "limit": "12 KB",
    "gzip": true,
    "modifyEsbuildConfig": withoutLazyChecker
  },
  {
    "name": "TransactionDetail imported alone, with @tanstack/react-query (a host without it)",
    "path": "dist/index.js",
    "import": "{ PaymentsProvider, TransactionDetail }",
    "ignore": [
      "react",
      "react-dom"
    ],
    "limit": "23.4 KB",
    "gzip": true,
    "modifyEsbuildConfig": withReactQuery
  },
  {
    "name": "ConfirmIntentButton imported alone, with @tanstack/react-query (a host without it)",
    "path": "dist/index.js",
    "import": "{ PaymentsProvider, ConfirmIntentButton }",
    "ignore": [
      "react",
      "react-dom"
    ],
    "limit": "19.09 KB",
    "gzip": true,
    "modifyEsbuildConfig": withReactQuery
  },
  {
    "name": "FlowLauncher imported alone, with @tanstack/react-query (a host without it)",
    "path": "dist/index.js",
    "import": "{ PaymentsProvider, FlowLauncher }",
    "ignore": [
      "react",
      "react-dom"
    ],
    "limit": "18.7 KB",
    "gzip": true,
    "modifyEsbuildConfig": withReactQuery
  },
  {
    "name": "VolumeCard imported alone, with @tanstack/react-query (a host without it)",
    "path": "dist/index.js",
    "import": "{ PaymentsProvider, VolumeCard }",
    "ignore": [
      "react",
      "react-dom"
    ],
    "limit": "19.5 KB",
    "gzip": true,
    "modifyEsbuildConfig": withReactQuery
  },
  {
    "name": "payments-kit/transfers, TransferList imported alone (its own entry, with PaymentsProvider from the root entry)",
    "path": ["dist/index.js", "dist/transfers.js"],
    "import": { "dist/index.js": "{ PaymentsProvider }", "dist/transfers.js": "{ TransferList }" },
    "ignore": [
      "react",
      "react-dom",
      "@tanstack/react-query"
    ],
    "limit": "13.85 KB",
    "gzip": true,
    "modifyEsbuildConfig": withoutLazyChecker
  },
  {
    "name": "payments-kit/transfers.css, the list's own rules a page with TransferList loads beside styles.css",
    "path": "dist/transfers.css",
    "limit": "1.2 KB",
    "gzip": true
  },
  {
    "name": "payments-kit/styles.css, the stylesheet a React page loads (the elements carry it inline)",
    "path": "dist/styles.css",
    "limit": "3.6 KB",
    "gzip": true
  },
  {
    "name": "payments-kit/elements, the five elements defined (the lazy checker apart)",
    "path": "dist/elements.js",
    "import": "*",
    "ignore": [
      "react",
      "react-dom",
      "@tanstack/react-query"
    ],
    "limit": "29.79 KB",
    "gzip": true,
    "modifyEsbuildConfig": withoutLazyChecker
  },
  {
    "name": "payments-kit/elements/standalone, the one file for a script tag: preact/compat, react-query, zod and the checker included",
    "path": "dist/elements-standalone.js",
    "import": "*",
    "limit": "60 KB",
    "gzip": true
  },
  {
    // The list's element on a page that has the others: what the transfers entry adds.
    "name": "payments-kit/elements/transfers with payments-kit/elements, the six elements defined (the lazy checker apart)",
    "path": ["dist/elements.js", "dist/elements-transfers.js"],
    "import": { "dist/elements.js": "*", "dist/elements-transfers.js": "{ PaymentsTransferListElement }" },
    "ignore": [
      "react",
      "react-dom",
      "@tanstack/react-query"
    ],
    "limit": "34.93 KB",
    "gzip": true,
    "modifyEsbuildConfig": withoutLazyChecker
  },
  {
    "name": "payments-kit/transfers/queries with payments-kit/queries, the list's query layer for server components (the lazy checker apart)",
    "path": ["dist/queries.js", "dist/transfers-queries.js"],
    "import": { "dist/queries.js": "*", "dist/transfers-queries.js": "{ prefetchTransferPages, transferPageQueryOptions, transferQueryOptions, transferKeys, transferPageSize }" },
    "ignore": [
      "react",
      "react-dom",
      "@tanstack/react-query"
    ],
    "limit": "4.74 KB",
    "gzip": true,
    "modifyEsbuildConfig": withoutLazyChecker
  },
  {
    // The page's side of pushed status: the stream's reader and the hook, on a page that has the
    // provider already (the root entry's share is counted above, not here).
    "name": "payments-kit/live, usePaymentsEvents and PaymentsEvents (its own entry: a page without a stream loads none of it)",
    "path": "dist/live.js",
    "import": "{ usePaymentsEvents, PaymentsEvents }",
    "ignore": [
      "react",
      "react-dom",
      "@tanstack/react-query"
    ],
    "limit": "2.2 KB",
    "gzip": true,
    "modifyEsbuildConfig": withoutLazyChecker
  },
  {
    "name": "payments-kit/queries, the query layer for server components (the lazy checker apart)",
    "path": "dist/queries.js",
    "import": "*",
    "ignore": [
      "react",
      "react-dom",
      "@tanstack/react-query"
    ],
    "limit": "4.38 KB",
    "gzip": true,
    "modifyEsbuildConfig": withoutLazyChecker
  },
  {
    "name": "payments-kit/server, whole entry (zod, jose and rate-limiter-flexible's memory limiter included)",
    "path": "dist/server.js",
    "import": "*",
    "limit": "33.31 KB",
    "gzip": true
  },
  {
    // A proxy that lists transfers: the transfer operations' schemas, their grant and the CSV
    // export, on top of the whole server entry above.
    "name": "payments-kit/server with payments-kit/server/transfers (a proxy that lists and exports transfers)",
    "path": ["dist/server.js", "dist/server-transfers.js"],
    "import": { "dist/server.js": "*", "dist/server-transfers.js": "{ transferOperations, createTransfersExport }" },
    "limit": "34.81 KB",
    "gzip": true
  },
  {
    // A proxy whose pages follow their flows through the event stream: the flow read's route,
    // schema and owner check on top of the whole server entry above.
    "name": "payments-kit/server with payments-kit/server/flows (a proxy that serves the flow read)",
    "path": ["dist/server.js", "dist/server-flows.js"],
    "import": { "dist/server.js": "*", "dist/server-flows.js": "{ flowOperations }" },
    "limit": "33.46 KB",
    "gzip": true
  },
  {
    // The stream checks the page's payment session as the proxy does: jose and the grant's zod/mini
    // schema are most of it (about 17 KB); the webhook check, bus and stream are held to 4 KB.
    "name": "payments-kit/server/webhooks, whole entry (the session check's jose and zod included)",
    "path": "dist/server-webhooks.js",
    "import": "*",
    "limit": "20.97 KB",
    "gzip": true
  },
  {
    "name": "payments-kit/messages, one catalogue (messagesAr, the largest)",
    "path": "dist/messages.js",
    "import": "{ messagesAr }",
    "limit": "3.55 KB",
    "gzip": true
  },
  {
    "name": "payments-kit/messages, pickMessages and localeDirection (no catalogue)",
    "path": "dist/messages.js",
    "import": "{ pickMessages, localeDirection }",
    "limit": "0.6 KB",
    "gzip": true
  },
  {
    "name": "payments-kit/messages, loadMessages with every catalogue it may load, counted together",
    "path": "dist/messages.js",
    "import": "{ loadMessages }",
    "limit": "28.1 KB",
    "gzip": true
  },
  {
    // The words for the API's error codes and their lookup, loaded by ConfirmIntentButton's answer
    // view when it mounts (useErrorCodeWords): measured as the package ships them (dist/lib), now
    // that an entry reaches them and the build emits them. The lookup's figure leaves out the
    // languages' chunks it imports (each measured below); the locale matching it imports is
    // already on the page (the components' own).
    "name": "the error codes' lookup, the chunk ConfirmIntentButton's answer view loads when it mounts (with the locale matching it shares with the components)",
    "path": "dist/lib/components/messages/errorCodes/loadErrorCodeMessages.js",
    "import": "{ loadErrorCodeMessages }",
    "limit": "740 B",
    "gzip": true,
    "modifyEsbuildConfig": withoutLanguageChunks
  },
  {
    "name": "the error codes' words in English, the chunk the lookup loads for it",
    "path": "dist/lib/components/messages/errorCodes/en.js",
    "import": "*",
    "limit": "785 B",
    "gzip": true
  },
  {
    "name": "the error codes' words in Spanish, the chunk the lookup loads for it",
    "path": "dist/lib/components/messages/errorCodes/es.js",
    "import": "*",
    "limit": "860 B",
    "gzip": true
  },
  {
    "name": "the error codes' words in French, the chunk the lookup loads for it",
    "path": "dist/lib/components/messages/errorCodes/fr.js",
    "import": "*",
    "limit": "925 B",
    "gzip": true
  },
  {
    "name": "the error codes' words in German, the chunk the lookup loads for it",
    "path": "dist/lib/components/messages/errorCodes/de.js",
    "import": "*",
    "limit": "935 B",
    "gzip": true
  },
  {
    "name": "the error codes' words in Italian, the chunk the lookup loads for it",
    "path": "dist/lib/components/messages/errorCodes/it.js",
    "import": "*",
    "limit": "865 B",
    "gzip": true
  },
  {
    "name": "the error codes' words in Dutch, the chunk the lookup loads for it",
    "path": "dist/lib/components/messages/errorCodes/nl.js",
    "import": "*",
    "limit": "860 B",
    "gzip": true
  },
  {
    "name": "the error codes' words in Brazilian Portuguese, the chunk the lookup loads for it",
    "path": "dist/lib/components/messages/errorCodes/ptBR.js",
    "import": "*",
    "limit": "850 B",
    "gzip": true
  },
  {
    "name": "the error codes' words in Japanese, the chunk the lookup loads for it",
    "path": "dist/lib/components/messages/errorCodes/ja.js",
    "import": "*",
    "limit": "1075 B",
    "gzip": true
  },
  {
    "name": "the error codes' words in Arabic, the chunk the lookup loads for it",
    "path": "dist/lib/components/messages/errorCodes/ar.js",
    "import": "*",
    "limit": "1125 B",
    "gzip": true
  },
  {
    "name": "the error codes' words in Simplified Chinese, the chunk the lookup loads for it",
    "path": "dist/lib/components/messages/errorCodes/zhCN.js",
    "import": "*",
    "limit": "1030 B",
    "gzip": true
  },
  {
    "name": "the error codes' words in Polish, the chunk the lookup loads for it",
    "path": "dist/lib/components/messages/errorCodes/pl.js",
    "import": "*",
    "limit": "975 B",
    "gzip": true
  },
  {
    "name": "the error codes' words in Hebrew, the chunk the lookup loads for it",
    "path": "dist/lib/components/messages/errorCodes/he.js",
    "import": "*",
    "limit": "1045 B",
    "gzip": true
  },
  {
    "name": "the answer checker, loaded on first use for an answer no kit proxy checked (zod and the operations' schemas)",
    "path": "dist/lib/client/checkAnswer.js",
    "import": "*",
    "limit": "10.26 KB",
    "gzip": true
  },
];
