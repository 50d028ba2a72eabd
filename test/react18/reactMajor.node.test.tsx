// Which React renders on the server in this project: 19 in `node`, 18 in `ssr-react18`.
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { renderToString, version as serverVersion } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { expectedReactMajor, hasUse } from './reactMajor.js';

const major = expectedReactMajor();

function Probe() {
  const client = useQueryClient();
  const [text] = React.useState(`React ${React.version}`);
  return <p data-cached={String(client.getQueryData(['probe']))}>{text}</p>;
}

describe(`given the React ${major} project on the server`, () => {
  it(`should import react and react-dom/server ${major}`, () => {
    expect(React.version.split('.')[0]).toBe(major);
    expect(serverVersion).toBe(React.version);
    expect(hasUse(React)).toBe(major !== '18');
  });

  it('should render with hooks and React Query on that one copy of React', () => {
    const client = new QueryClient();
    client.setQueryData(['probe'], 'yes');
    const html = renderToString(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    );
    expect(html).toBe(`<p data-cached="yes">React ${React.version}</p>`);
  });
});
