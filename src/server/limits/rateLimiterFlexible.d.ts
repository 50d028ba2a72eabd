// rate-limiter-flexible's own types describe its root entry, which loads every limiter it has
// (cluster, databases, node: modules). The kit loads the limiters it uses by their own files, so
// that payments-kit/server stays runtime-neutral; these give those files the root's types.
declare module 'rate-limiter-flexible/lib/RateLimiterMemory.js' {
  import { RateLimiterMemory } from 'rate-limiter-flexible';
  export default RateLimiterMemory;
}

declare module 'rate-limiter-flexible/lib/RateLimiterRedis.js' {
  import { RateLimiterRedis } from 'rate-limiter-flexible';
  export default RateLimiterRedis;
}

declare module 'rate-limiter-flexible/lib/RLWrapperTimeouts.js' {
  import { RLWrapperTimeouts } from 'rate-limiter-flexible';
  export default RLWrapperTimeouts;
}
