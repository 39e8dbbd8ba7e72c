// oidc-provider ships no type declarations (the @types package is not installed); the tests use a small part of it.
declare module 'oidc-provider' {
  const Provider: new (issuer: string, configuration: Record<string, unknown>) => { callback(): (req: unknown, res: unknown) => void };
  export default Provider;
}
