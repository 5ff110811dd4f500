import { ContainerModule } from 'inversify';
import { CLOCK } from '../../core/ports/clock.port';
import { ID_GENERATOR } from '../../core/ports/id-generator.port';
import { PASSWORD_HASHER } from '../../core/ports/password-hasher.port';
import { SECRET_CIPHER } from '../../core/ports/secret-cipher.port';
import { SECRET_HASHER } from '../../core/ports/secret-hasher.port';
import { ENVELOPE_TOKEN_SERVICE, TOKEN_SERVICE } from '../../core/ports/token-service.port';
import { AppConfig } from '../config/app-config';
import { AesGcmSecretCipher } from './aes-gcm-secret-cipher';
import { JwtTokenService } from './jwt-token-service';
import { loadJwtKey } from './jwt-secret';
import { ScryptPasswordHasher } from './scrypt-password-hasher';
import { Sha256SecretHasher } from './sha256-secret-hasher';

export function authModule(config: AppConfig): ContainerModule {
  const key = loadJwtKey(config);
  return new ContainerModule(({ bind }) => {
    bind(PASSWORD_HASHER).toConstantValue(new ScryptPasswordHasher());
    bind(SECRET_HASHER).toConstantValue(new Sha256SecretHasher());
    bind(SECRET_CIPHER).toConstantValue(AesGcmSecretCipher.derivedFrom(key));
    bind(TOKEN_SERVICE)
      .toDynamicValue((ctx) => new JwtTokenService(key, 'platform', ctx.get(CLOCK), ctx.get(ID_GENERATOR)))
      .inSingletonScope();
    bind(ENVELOPE_TOKEN_SERVICE)
      .toDynamicValue((ctx) => new JwtTokenService(key, 'envelope', ctx.get(CLOCK), ctx.get(ID_GENERATOR)))
      .inSingletonScope();
  });
}
