import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import type { Tree } from '@nx/devkit';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { addToModuleArray, serviceModuleGenerator } from './generator';

function seedService(tree: Tree) {
  tree.write(
    'services/venues/src/venues.module.ts',
    `import { Module } from '@nestjs/common';\nimport { UserErasureHandler } from '@luxe/platform/events';\n\n@Module({ controllers: [UserErasureHandler] })\nexport class VenuesModule {}\n`,
  );
  tree.write(
    'services/venues/src/index.ts',
    `import type { ServiceDefinition } from '@luxe/platform/runtime';\nimport { migrations } from './migrations';\nimport { VenuesModule } from './venues.module';\n\nexport const venuesService: ServiceDefinition = {\n  name: 'venues',\n  module: VenuesModule,\n  migrations,\n};\n`,
  );
  tree.write(
    'services/venues/src/migrations/index.ts',
    `import { CreateUserErasures1700000003000 } from '@luxe/platform/db';\n\nexport const migrations = [CreateUserErasures1700000003000];\n`,
  );
}

describe('service-module generator', () => {
  let tree: Tree;
  beforeEach(() => {
    tree = createTreeWithEmptyWorkspace();
    seedService(tree);
  });

  it('creates the module in the service shape, with a real spec and a migration', async () => {
    await serviceModuleGenerator(tree, { service: 'venues', name: 'vip-room' });
    for (const role of ['controller', 'service', 'repository', 'entity', 'service.spec'])
      expect(tree.exists(`services/venues/src/vip-rooms/vip-room.${role}.ts`)).toBe(true);
    expect(tree.read('services/venues/src/vip-rooms/vip-room.entity.ts', 'utf-8')).toContain("@Entity('vip_rooms')");
    expect(tree.read('services/venues/src/vip-rooms/vip-room.service.ts', 'utf-8')).toContain(
      "AppError.of(REQUEST_ERRORS.NOT_FOUND, { message: 'Vip Room not found' })",
    );
    expect(tree.exists('services/venues/src/vip-rooms/vip-room.errors.ts')).toBe(false);
    expect(tree.read('services/venues/src/vip-rooms/vip-room.service.spec.ts', 'utf-8')).toContain(
      "from '@jest/globals'",
    );
    const migration = tree.children('services/venues/src/migrations').find((f) => f.endsWith('-create-vip-rooms.ts'))!;
    expect(tree.read(`services/venues/src/migrations/${migration}`, 'utf-8')).toContain('CREATE TABLE vip_rooms');
    expect(tree.read('services/venues/src/migrations/index.ts', 'utf-8')).toMatch(
      /export const migrations = \[CreateUserErasures1700000003000, CreateVipRooms\d+\]/,
    );
  });

  it('registers controller, providers, repository and entity in the service', async () => {
    await serviceModuleGenerator(tree, { service: 'venues', name: 'vip-room' });
    const mod = tree.read('services/venues/src/venues.module.ts', 'utf-8')!;
    expect(mod).toContain("import { VipRoomController } from './vip-rooms/vip-room.controller';");
    expect(mod.replace(/\s+/g, ' ')).toContain('controllers: [UserErasureHandler, VipRoomController]');
    expect(mod.replace(/\s+/g, ' ')).toContain('providers: [VipRoomService, VipRoomRepository]');
    expect(mod.replace(/\s+/g, ' ')).toContain('imports: [TypeOrmModule.forFeature([VipRoom])]');
    expect(tree.read('services/venues/src/index.ts', 'utf-8')).toContain('entities: [VipRoom]');
  });

  it('binds the controller to a named contract entry', async () => {
    await serviceModuleGenerator(tree, { service: 'venues', name: 'vip-room', route: 'venues.vipRooms' });
    const c = tree.read('services/venues/src/vip-rooms/vip-room.controller.ts', 'utf-8')!;
    expect(c).toContain('@Route(api.venues.vipRooms)');
    expect(c).toContain('@Input() input: RouteInput<typeof api.venues.vipRooms>');
  });

  it('refuses a missing service, a bad name, a bad route and an existing module', async () => {
    await expect(serviceModuleGenerator(tree, { service: 'nope', name: 'x' })).rejects.toThrow('no service module');
    await expect(serviceModuleGenerator(tree, { service: 'venues', name: 'VipRoom' })).rejects.toThrow('kebab-case');
    await expect(serviceModuleGenerator(tree, { service: 'venues', name: 'vip-room', route: 'nodot' })).rejects.toThrow(
      '<group>.<name>',
    );
    await serviceModuleGenerator(tree, { service: 'venues', name: 'vip-room' });
    await expect(serviceModuleGenerator(tree, { service: 'venues', name: 'vip-room' })).rejects.toThrow(
      'already exists',
    );
  });
});

describe('addToModuleArray', () => {
  it('appends to an existing array or adds the property', () => {
    const src = '@Module({ controllers: [A] })\nexport class M {}';
    expect(addToModuleArray(src, 'controllers', 'B')).toBe('@Module({ controllers: [A, B] })\nexport class M {}');
    expect(addToModuleArray(src, 'providers', 'P').replace(/\s+/g, ' ')).toBe(
      '@Module({ controllers: [A], providers: [P] }) export class M {}',
    );
    expect(addToModuleArray('@Module({})\nclass M {}', 'imports', 'X').replace(/\s+/g, ' ')).toBe(
      '@Module({ imports: [X] }) class M {}',
    );
  });
});
