import { Module } from '@nestjs/common';
import { UserErasureHandler } from '@luxe/platform/events';
import { AdminAccountRepository } from './accounts/admin-account.repository';
import { AdminAccountsService } from './accounts/admin-accounts.service';
import { AuditRepository } from './audit/audit.repository';
import { AuditService } from './audit/audit.service';
import { AdminCatalogConsumer } from './catalog/catalog.consumer';
import { AdminCatalogRepository } from './catalog/catalog.repository';
import { AdminErasureConsumer } from './erasure.consumer';
import { ConsoleController } from './console/console.controller';
import { ConsoleRepository } from './console/console.repository';
import { ConsoleService } from './console/console.service';

@Module({
  controllers: [UserErasureHandler, AdminCatalogConsumer, AdminErasureConsumer, ConsoleController],
  providers: [
    AdminAccountRepository,
    AuditRepository,
    AdminCatalogRepository,
    ConsoleRepository,
    AdminAccountsService,
    AuditService,
    ConsoleService,
  ],
})
export class AdminModule {}
