import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { SectionEntity } from './section.entity';

/** Every query on sections. */
@Injectable()
export class SectionRepository {
  constructor(@InjectRepository(SectionEntity) private readonly sections: Repository<SectionEntity>) {}

  findById(id: string, m: EntityManager = this.sections.manager): Promise<SectionEntity | null> {
    return m.findOneBy(SectionEntity, { id });
  }

  findByIds(ids: string[]): Promise<SectionEntity[]> {
    return this.sections.manager.findBy(SectionEntity, { id: In(ids) });
  }

  findByVenue(
    venueId: string,
    onlyActive: boolean,
    m: EntityManager = this.sections.manager,
  ): Promise<SectionEntity[]> {
    return m.find(SectionEntity, {
      where: { venueId, ...(onlyActive ? { isActive: true } : {}) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  save(m: EntityManager, s: SectionEntity): Promise<SectionEntity> {
    return m.save(SectionEntity, s);
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.delete(SectionEntity, { id });
  }
}
