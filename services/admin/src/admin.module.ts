import { Module } from '@nestjs/common';
import { UserErasureHandler } from '@luxe/platform/events';
import { AdminAccountsService } from './accounts/admin-accounts.service';
import { AuditService } from './audit/audit.service';
import { AdminCatalogConsumer } from './catalog/catalog.consumer';
import { ConsoleController } from './console/console.controller';
import { ConsoleService } from './console/console.service';

@Module({
  controllers: [UserErasureHandler, AdminCatalogConsumer, ConsoleController],
  providers: [AdminAccountsService, AuditService, ConsoleService],
})
export class AdminModule {}
