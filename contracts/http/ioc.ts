import { Request } from 'express';
import { IocContainer, IocContainerFactory } from '@tsoa/runtime';
import { Container } from 'inversify';

/** The IoC module of all three tsoa configurations: tsoa asks the request's app for the container, so several apps can run in one process. */
export const iocContainer: IocContainerFactory = (request: unknown): IocContainer => {
  const container = (request as Request).app.locals.container as Container;
  return { get: (controller: unknown) => container.get(controller as never) } as IocContainer;
};
