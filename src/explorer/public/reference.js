// The API reference that sends requests: Scalar's, from the bundled contract this server serves, offline (no
// fonts, proxy or telemetry of Scalar's own), requests sent to this server with the key the reader pastes.
window.Scalar.createApiReference('#app', {
  url: '/openapi.json',
  servers: [{ url: window.location.origin, description: 'This server' }],
  proxyUrl: '',
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
  authentication: { preferredSecurityScheme: 'ApiKeyHeader' },
});
