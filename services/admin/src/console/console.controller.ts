import { Controller, UseGuards } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { AdminAccountGuard } from '../accounts/admin-account.guard';
import { AdminAccountsService, requireAdmin } from '../accounts/admin-accounts.service';
import { AuditService } from '../audit/audit.service';
import { ConsoleService } from './console.service';

/** The admin console's routes (the gateway checked the bearer token; the service checks the role again). */
@Controller()
@UseGuards(AdminAccountGuard)
export class ConsoleController {
  constructor(
    private readonly accounts: AdminAccountsService,
    private readonly console: ConsoleService,
    private readonly audit: AuditService,
  ) {}

  @Route(api.admin.login)
  login(@Input() input: RouteInput<typeof api.admin.login>) {
    return this.accounts.login(input.body.email, input.body.password);
  }

  @Route(api.admin.session)
  session(@Input() _input: RouteInput<typeof api.admin.session>, @CurrentActor() actor: Actor) {
    return this.accounts.session(actor);
  }

  @Route(api.admin.users)
  users(@Input() input: RouteInput<typeof api.admin.users>, @CurrentActor() actor: Actor) {
    return this.console.users(actor, input.query);
  }

  @Route(api.admin.venues)
  venues(@Input() input: RouteInput<typeof api.admin.venues>, @CurrentActor() actor: Actor) {
    return this.console.venues(actor, input.query);
  }

  @Route(api.admin.vipRooms)
  vipRooms(@Input() input: RouteInput<typeof api.admin.vipRooms>, @CurrentActor() actor: Actor) {
    return this.console.vipRooms(actor, input.query);
  }

  @Route(api.admin.dancers)
  dancers(@Input() input: RouteInput<typeof api.admin.dancers>, @CurrentActor() actor: Actor) {
    return this.console.dancers(actor, input.query);
  }

  @Route(api.admin.venueApproval)
  venueApproval(@Input() input: RouteInput<typeof api.admin.venueApproval>, @CurrentActor() actor: Actor) {
    return this.console.decideVenue(actor, input.params.venueId, input.body.status);
  }

  @Route(api.admin.assignDancer)
  assignDancer(@Input() input: RouteInput<typeof api.admin.assignDancer>, @CurrentActor() actor: Actor) {
    return this.console.assignDancer(actor, input.body.sectionId, input.body.dancerId);
  }

  @Route(api.admin.revokeAssignment)
  revokeAssignment(@Input() input: RouteInput<typeof api.admin.revokeAssignment>, @CurrentActor() actor: Actor) {
    return this.console.revokeAssignment(actor, input.params.id);
  }

  @Route(api.admin.suspend)
  suspend(@Input() input: RouteInput<typeof api.admin.suspend>, @CurrentActor() actor: Actor) {
    return this.console.suspend(actor, input.params.userId, input.body.reason);
  }

  @Route(api.admin.reinstate)
  reinstate(@Input() input: RouteInput<typeof api.admin.reinstate>, @CurrentActor() actor: Actor) {
    return this.console.reinstate(actor, input.params.userId);
  }

  @Route(api.admin.reports)
  reports(@Input() input: RouteInput<typeof api.admin.reports>, @CurrentActor() actor: Actor) {
    return this.console.reports(actor, input.query);
  }

  @Route(api.admin.decideReport)
  decideReport(@Input() input: RouteInput<typeof api.admin.decideReport>, @CurrentActor() actor: Actor) {
    return this.console.decideReport(actor, input.params.id, input.body.status, input.body.note);
  }

  @Route(api.admin.auditLog)
  auditLog(@Input() input: RouteInput<typeof api.admin.auditLog>, @CurrentActor() actor: Actor) {
    requireAdmin(actor);
    return this.audit.list(input.query);
  }
}
