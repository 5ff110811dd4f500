import { DomainError } from '../../shared/domain-error';

export class PluginNotFoundError extends DomainError {
  readonly code = 'plugin.not_found';
  constructor(id: string, where = 'installed') {
    super(`No plugin "${id}" is ${where}`);
  }
}

/** Installing an id that is already installed (an update goes through PUT /plugins/{id}). */
export class PluginAlreadyInstalledError extends DomainError {
  readonly code = 'plugin.conflict';
  constructor(id: string, version?: string) {
    super(`Plugin "${id}" is already installed${version ? ` at version ${version}` : ''}; send a newer version as an update`);
  }
}

/** An update must move forward: same or older versions are refused. */
export class PluginVersionNotNewerError extends DomainError {
  readonly code = 'plugin.conflict';
  constructor(id: string, installed: string, offered: string) {
    super(`Plugin "${id}" ${offered} is not newer than the installed ${installed}`);
  }
}

/** Only the publisher of an installed plugin may ship its updates. */
export class PluginPublisherMismatchError extends DomainError {
  readonly code = 'plugin.conflict';
  constructor(id: string, installed: string, offered: string) {
    super(`Plugin "${id}" is published by "${installed}"; an update from "${offered}" is refused`);
  }
}

/**
 * Updates are pinned to the key that signed the installed version: another trusted key (another
 * publisher's) may not replace it, and a plugin installed from the market is updated from there.
 */
export class PluginSigningKeyMismatchError extends DomainError {
  readonly code = 'plugin.conflict';
  constructor(id: string, installedKeyId: string | null, offeredKeyId: string) {
    super(
      installedKeyId === null
        ? `Plugin "${id}" was installed from the market; update it from the market, not with a signed bundle`
        : `Plugin "${id}" is signed with key "${installedKeyId}"; an update signed with key "${offeredKeyId}" is refused`,
    );
  }
}

/** Unsigned, tampered with, or signed by a key the operator does not trust. */
export class InvalidPluginSignatureError extends DomainError {
  readonly code = 'plugin.invalid_signature';
}

/** The operator configured no PLUGIN_PUBLIC_KEYS, so no bundle can be verified. */
export class PluginSigningDisabledError extends DomainError {
  readonly code = 'plugin.forbidden';
  constructor() {
    super('Installing plugin bundles is disabled: the operator has configured no trusted signing key (PLUGIN_PUBLIC_KEYS)');
  }
}
