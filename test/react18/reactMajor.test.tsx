// Which React renders in this project: 19 in `unit`, 18 in `unit-react18` (vitest.config.ts points
// react and react-dom at test/react18/node_modules there). Fails if an alias silently falls back.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, renderHook, screen } from '@testing-library/react';
import * as React from 'react';
import { version as domVersion } from 'react-dom';
import { version as serverVersion } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { expectedReactMajor, hasUse } from './reactMajor.js';

const major = expectedReactMajor();

function Probe() {
  const [count] = React.useState(1);
  const { data } = useQuery({ queryKey: ['probe'], queryFn: () => 'never fetched', initialData: 'from the cache' });
  return (
    <p>
      {data} {count} React {React.version}
    </p>
  );
}

describe(`given the React ${major} project`, () => {
  it(`should import react, react-dom and react-dom/server ${major}`, () => {
    expect(React.version.split('.')[0]).toBe(major);
    expect(domVersion).toBe(React.version);
    expect(serverVersion).toBe(React.version);
    expect(hasUse(React)).toBe(major !== '18');
  });

  it(`should render with hooks through Testing Library and React Query on that one copy of React`, async () => {
    // A second copy anywhere (the JSX runtime, react-dom under Testing Library, React inside
    // React Query) fails here: invalid hook call, or an element the renderer does not recognise.
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Probe />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(`from the cache 1 React ${React.version}`)).toBeInTheDocument();
    const { result } = renderHook(() => React.useId());
    expect(result.current).toEqual(expect.any(String));
  });
});
